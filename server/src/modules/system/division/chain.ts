import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { sysDivision } from './schema.ts';

export interface DivisionNode {
  code: string;
  name: string;
  level: number;
  isLeaf: boolean;
}

/** A division and its parents, province first; empty when the code is not a division. */
export async function divisionChain(db: DbOrTx, code: string): Promise<DivisionNode[]> {
  const chain: DivisionNode[] = [];
  let next: string | null = code;
  while (next && chain.length < 4) {
    const [row] = await db.select().from(sysDivision).where(eq(sysDivision.code, next));
    if (!row) break;
    chain.unshift({ code: row.code, name: row.name, level: row.level, isLeaf: row.level >= 3 });
    next = row.parentCode;
  }
  return chain;
}

/** The "city" of a municipality's district is listed as 市辖区 or 县 in GB/T 2260; people say the municipality. */
const MUNICIPALITY_CITY = new Set(['市辖区', '县']);

/** Province, city and district names of a place from its division code (null when the code is unknown). */
export async function placeNames(
  db: DbOrTx,
  code: string,
): Promise<{ province: string; city: string; district: string | null } | null> {
  const chain = await divisionChain(db, code);
  if (chain.length === 0) return null;
  const [province, city, district] = chain;
  const cityName = city && !MUNICIPALITY_CITY.has(city.name) ? city.name : province.name;
  return { province: province.name, city: cityName, district: district?.name ?? null };
}
