import { sysDepart, sysUser, sysUserDepart } from '@freight/server/src/modules/system/schema.ts';
import { hashPassword } from '@freight/server/src/platform/auth/crypto.ts';
import type { Db } from '@freight/server/src/platform/db/client.ts';
import { personName } from '@freight/server/src/seed/demo/identity.ts';
import { Random } from '@freight/server/src/seed/demo/random.ts';
import { stableId } from '@freight/server/src/seed/seed.ts';
import { sql } from 'drizzle-orm';

type UserInsert = typeof sysUser.$inferInsert;
type DepartInsert = typeof sysDepart.$inferInsert;

/** The seeded second-level departments (seed.ts DEPARTS); the bench adds four teams under each. */
const SEEDED_DEPARTS = ['A01A01', 'A01A02', 'A01A03'] as const;
const TEAMS_PER_DEPART = 4;
const BATCH = 1000;
const SPREAD_MS = 2 * 365 * 24 * 3_600_000;

export interface BulkUsersResult {
  users: number;
  orgCodes: string[];
  /** Id of the first bench user, for routes that read one row. */
  sampleUserId: string;
  ms: number;
}

export const benchUserId = (index: number) => stableId('bench-user', String(index));

/**
 * `count` extra users in multi-row inserts, spread over departments, org codes, states and two years of
 * create times. One argon2 hash (of `password`) serves them all: hashing each would take minutes.
 */
export async function seedBulkUsers(db: Db, count: number, password: string): Promise<BulkUsersResult> {
  const started = performance.now();
  const random = new Random(20_260_101);
  const next = () => random.next();

  const teams: DepartInsert[] = SEEDED_DEPARTS.flatMap((parent) =>
    Array.from({ length: TEAMS_PER_DEPART }, (_, i) => {
      const orgCode = `${parent}A0${i + 1}`;
      return {
        id: stableId('depart', orgCode),
        orgCode,
        departName: `压测${parent.slice(-1)}组${i + 1}`,
        parentId: stableId('depart', parent),
        orgType: '2',
        orgCategory: '3',
        departOrder: i,
        createBy: 'bench',
      };
    }),
  );
  await db.insert(sysDepart).values(teams).onConflictDoNothing();
  const orgCodes = ['A01', ...SEEDED_DEPARTS, ...teams.map((t) => t.orgCode)];

  const hash = await hashPassword(password);
  const now = Date.now();
  for (let from = 0; from < count; from += BATCH) {
    const users: UserInsert[] = [];
    const departs: Array<typeof sysUserDepart.$inferInsert> = [];
    for (let i = from; i < Math.min(from + BATCH, count); i++) {
      const id = benchUserId(i);
      const orgCode = orgCodes[Math.floor(next() * orgCodes.length)];
      const roll = next();
      users.push({
        id,
        username: `bench_${String(i).padStart(5, '0')}`,
        realname: personName(random, i % 2 === 0),
        password: hash,
        passwordChangedAt: new Date(now),
        sex: Math.floor(next() * 3),
        email: `bench${i}@example.com`,
        phone: `139${String(i).padStart(8, '0')}`,
        orgCode,
        // Mostly active; a few frozen and a few soft-deleted, as a live system has.
        status: roll < 0.05 ? 2 : 1,
        delFlag: roll > 0.98 ? 1 : 0,
        workNo: `W${String(i).padStart(6, '0')}`,
        userType: 1,
        createBy: 'bench',
        createTime: new Date(now - Math.floor(next() * SPREAD_MS)),
      });
      departs.push({ userId: id, depId: stableId('depart', orgCode) });
    }
    await db.insert(sysUser).values(users).onConflictDoNothing();
    await db.insert(sysUserDepart).values(departs).onConflictDoNothing();
  }
  // Fresh statistics, as autovacuum would have gathered on a system that grew to this size.
  await db.execute(sql`analyze`);
  return { users: count, orgCodes, sampleUserId: benchUserId(0), ms: performance.now() - started };
}
