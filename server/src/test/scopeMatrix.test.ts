// Every declared resource, as every demo account: lists, records and exports stay inside the account's party
// scope, and another party's record answers exactly like a record that does not exist. New declarations in
// contracts join the matrix by being declared.
import * as contracts from '@freight/contracts';
import {
  DEMO_PASSWORD,
  type FieldDecls,
  type Party,
  partyScopeOf,
  type ResourceDecl,
  USER_TYPE,
} from '@freight/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readXlsx } from '../modules/system/user/accessTestKit.ts';
import { runDemoSeeders } from '../seed/demo/index.ts';
import { useTestApp } from './harness.ts';

type Row = Record<string, unknown>;

const ACCOUNTS = ['admin', 'operations01', 'shipper_admin', 'shipper', 'agent01', 'captain01'] as const;
const MISSING_ID = '0000000000000000000000000000none';

function isDeclaration(value: unknown): value is ResourceDecl<FieldDecls> {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ResourceDecl>;
  return (
    typeof v.path === 'string' && typeof v.permission === 'string' && Array.isArray(v.actions) && !!v.fields
  );
}

const DECLARATIONS = (Object.values(contracts) as unknown[]).filter(isDeclaration);

/** Records everyone they reached opens (an announcement from the bell), not only the list's holders. */
const OPENED_BY_RECIPIENTS = new Set([contracts.announcementResource.path]);

interface Account {
  username: string;
  token: string;
  party: Party | undefined;
  partyId: string | null;
}

describe('party scope over every declared resource', () => {
  const t = useTestApp();
  const accounts = new Map<string, Account>();

  const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/jeecg-boot${url}` });

  beforeAll(async () => {
    // A smaller demo (every kind of row, a few of each) keeps the matrix quick; demoData.test.ts runs the full one.
    await runDemoSeeders(t.db, { orders: 14 });
    for (const username of ACCOUNTS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/jeecg-boot/sys/login',
        payload: { username, password: DEMO_PASSWORD },
      });
      const body = res.json();
      accounts.set(username, {
        username,
        token: body.result.token,
        party: partyScopeOf(Number(body.result.userType ?? USER_TYPE.system)),
        partyId: body.result.cid ?? null,
      });
    }
  }, 300_000);

  it('finds the declarations', () => {
    expect(DECLARATIONS.map((d) => d.path)).toEqual(
      expect.arrayContaining(['/hydriver/hyDriver', '/hyvehicle/hyVehicle', '/agent/hyAgent']),
    );
  });

  for (const decl of DECLARATIONS) {
    describe(decl.path, () => {
      for (const username of ACCOUNTS) {
        it(`as ${username}: rows in scope, others answer as missing`, async () => {
          const account = accounts.get(username) as Account;
          const admin = accounts.get('admin') as Account;
          const list = await get(account.token, `${decl.path}/list?pageSize=100`);
          if (list.statusCode === 403 || list.json().code === 403) {
            const record = await get(account.token, `${decl.path}/queryById?id=${MISSING_ID}`);
            expect(record.statusCode).toBe(OPENED_BY_RECIPIENTS.has(decl.path) ? 404 : 403);
            return;
          }
          expect(list.statusCode).toBe(200);
          const page = list.json().result as { records: Row[]; total: number };
          const idKey = decl.id ?? 'id';
          const visible = new Set(page.records.map((r) => String(r[idKey])));

          const column = account.party ? decl.scope?.[account.party] : undefined;
          if (account.party && column) {
            for (const row of page.records) {
              const full =
                column in row
                  ? row
                  : (await get(admin.token, `${decl.path}/queryById?id=${row[idKey]}`)).json().result;
              expect(String(full[column]), `${decl.path} row ${row[idKey]}`).toBe(account.partyId);
            }
          }

          // A record the account does not see answers like one that does not exist.
          const all = (await get(admin.token, `${decl.path}/list?pageSize=200`)).json().result
            .records as Row[];
          const hidden = all.find((r) => !visible.has(String(r[idKey])));
          if (hidden && page.total <= 100) {
            const other = await get(account.token, `${decl.path}/queryById?id=${hidden[idKey]}`);
            const missing = await get(account.token, `${decl.path}/queryById?id=${MISSING_ID}`);
            expect(other.statusCode).toBe(missing.statusCode);
            const { timestamp: _a, ...otherBody } = other.json();
            const { timestamp: _b, ...missingBody } = missing.json();
            expect(otherBody).toEqual(missingBody);
            expect(other.statusCode).toBe(404);
          }

          if (decl.actions.includes('export')) {
            const exported = await get(account.token, `${decl.path}/exportXls`);
            if (exported.statusCode === 200) {
              const rows = await readXlsx(exported.rawPayload);
              // Append-only lists (the system log) gain rows from this test's own requests, whose
              // log entries land after their answers: the export holds at least what the list
              // counted and at most what a list read after it counts.
              const after = (await get(account.token, `${decl.path}/list?pageSize=1`)).json().result
                .total as number;
              expect(rows.length - 1).toBeGreaterThanOrEqual(page.total);
              expect(rows.length - 1).toBeLessThanOrEqual(after);
            }
          }
        });
      }
    });
  }
});
