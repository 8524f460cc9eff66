import { DICTIONARIES } from '../../../seed/dictionaries.ts';
import { type CodeTables, codeTablesFrom } from '../messages/rules.ts';

/** The code tables of the seeded dictionaries (the fake gateways, tests and benches run without a server). */
export function seedCodeTables(): CodeTables {
  return codeTablesFrom(
    (dict) => DICTIONARIES.find((d) => d.code === dict)?.items.map(([value]) => value) ?? [],
  );
}
