import type { LedgerCheck } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { finLedgerLine, finWallet } from './schema.ts';

// The reconcile job (nightly and on demand, GET /wallet/ledger/check): the sum of all ledger lines is zero,
// every posting's lines sum to zero, and every wallet's balance and line count equal its lines'. Read in one
// repeatable-read snapshot, so payments running meanwhile never show as mismatches.

export async function checkLedger(db: Db): Promise<LedgerCheck> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const [total] = rowsOf<{ sum: string; n: string }>(
      await tx.execute(
        sql`select coalesce(sum(amount_fen), 0)::text as sum, count(*)::text as n from ${finLedgerLine}`,
      ),
    );
    const mismatches = rowsOf<{
      wallet_id: string;
      owner_name: string | null;
      balance: string;
      ledger: string;
      line_count: string;
      ledger_lines: string;
    }>(
      await tx.execute(sql`
        select coalesce(w.id, l.wallet_id) as wallet_id, w.owner_name, coalesce(w.balance_fen, 0)::text as balance,
               coalesce(l.total, 0)::text as ledger, coalesce(w.line_count, 0)::text as line_count,
               coalesce(l.n, 0)::text as ledger_lines
        from ${finWallet} as w
        full join (
          select wallet_id, sum(amount_fen) as total, count(*) as n from ${finLedgerLine} group by wallet_id
        ) as l on l.wallet_id = w.id
        where w.id is null or l.wallet_id is null and (w.balance_fen <> 0 or w.line_count <> 0)
           or w.balance_fen <> l.total or w.line_count <> l.n
        limit 100`),
    );
    const unbalanced = rowsOf<{ posting_id: string; sum: string }>(
      await tx.execute(sql`
        select posting_id, sum(amount_fen)::text as sum from ${finLedgerLine}
        group by posting_id having sum(amount_fen) <> 0 limit 100`),
    );
    const ledgerSumFen = Number(total?.sum ?? 0);
    return {
      balanced: ledgerSumFen === 0 && mismatches.length === 0 && unbalanced.length === 0,
      ledgerSumFen,
      lineCount: Number(total?.n ?? 0),
      mismatches: mismatches.map((m) => ({
        walletId: m.wallet_id,
        ownerName: m.owner_name,
        balanceFen: Number(m.balance),
        ledgerFen: Number(m.ledger),
        lineCount: Number(m.line_count),
        ledgerLineCount: Number(m.ledger_lines),
      })),
      unbalancedPostings: unbalanced.map((u) => ({ postingId: u.posting_id, sumFen: Number(u.sum) })),
    };
  });
}
