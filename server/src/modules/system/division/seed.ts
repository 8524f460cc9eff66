import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { sysDivision } from './schema.ts';

interface Node {
  code: string;
  name: string;
  children?: Node[];
}

const SOURCE = path.resolve(import.meta.dirname, '../../../../assets/divisions/pca-code.json');

/** `11` → `110000`, `1101` → `110100`: the six-digit form of a province's or city's code. */
export function sixDigits(code: string): string {
  return code.padEnd(6, '0');
}

/** Loads the divisions once into an empty table (about 3 400 rows). */
export async function seedDivisions(db: Db): Promise<void> {
  const [any] = await db.select({ n: sql<number>`count(*)::int` }).from(sysDivision);
  if (Number(any?.n ?? 0) > 0) return;
  const tree = JSON.parse(await readFile(SOURCE, 'utf8')) as Node[];
  const rows: Array<typeof sysDivision.$inferInsert> = [];
  const walk = (nodes: Node[], parent: string | null, level: number) => {
    for (const node of nodes) {
      const code = sixDigits(node.code);
      rows.push({ code, name: node.name, parentCode: parent, level });
      walk(node.children ?? [], code, level + 1);
    }
  };
  walk(tree, null, 1);
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(sysDivision)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
}
