import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { bizError } from '../../platform/http/errors.ts';
import { type Finance, tablesChanged } from './context.ts';
import { finIdempotency } from './schema.ts';

/** PostgreSQL's deadlock and serialization failures: the transaction is safe to run again. */
function retryable(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  const code = e?.code ?? e?.cause?.code;
  return code === '40P01' || code === '40001';
}

/**
 * A money transaction: locks are taken in one order everywhere (payout/bill rows, then notes by id, then
 * wallets by id), so deadlocks should not happen; should PostgreSQL still pick this one as a victim, it runs
 * again (nothing of it was committed).
 */
export async function moneyTx<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= 4 || !retryable(error)) throw error;
    }
  }
}

export const requestHash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

export interface Idempotent<T> {
  /** The answer: the work's, or the stored answer of the first request with this key. */
  value: T;
  replayed: boolean;
}

/**
 * The idempotency scope of a request whose body carries its key: the rest of the body is what a repeat must
 * send again, the actor its operator.
 */
export function keyedRequest(
  actor: { tenantId: number; username: string },
  operation: string,
  body: { idempotencyKey: string },
): { tenantId: number; key: string; operation: string; request: unknown; operator: string } {
  return {
    tenantId: actor.tenantId,
    key: body.idempotencyKey,
    operation,
    request: { ...body, idempotencyKey: undefined },
    operator: actor.username,
  };
}

/**
 * Runs `work` once per key inside the caller's transaction. The key row is inserted first: a concurrent
 * request with the same key waits on it (unique index) until this transaction ends, then finds it and gets
 * the stored answer. A refusal rolls the key back with everything else, so the caller may retry the key.
 */
export async function once<T>(
  tx: Tx,
  scope: { tenantId: number; key: string; operation: string; request: unknown; operator: string },
  work: () => Promise<T>,
): Promise<Idempotent<T>> {
  const hash = requestHash({ operation: scope.operation, request: scope.request, operator: scope.operator });
  const [claimed] = await tx
    .insert(finIdempotency)
    .values({
      tenantId: scope.tenantId,
      key: scope.key,
      operation: scope.operation,
      requestHash: hash,
      operator: scope.operator,
    })
    .onConflictDoNothing()
    .returning({ key: finIdempotency.key });
  if (!claimed) {
    const [stored] = await tx
      .select()
      .from(finIdempotency)
      .where(ofTenant(finIdempotency, scope.tenantId, eq(finIdempotency.key, scope.key)));
    if (!stored || stored.requestHash !== hash || stored.operation !== scope.operation)
      throw bizError('该幂等键已用于另一笔不同的请求，请换一个幂等键');
    return { value: stored.response as T, replayed: true };
  }
  const value = await work();
  await tx
    .update(finIdempotency)
    .set({ response: (value ?? null) as unknown })
    .where(ofTenant(finIdempotency, scope.tenantId, eq(finIdempotency.key, scope.key)));
  return { value, replayed: false };
}

/** A money transaction after whose commit the cached list totals of the tables it wrote are dropped. */
export async function moneyTxChanging<T>(
  fin: Finance,
  tables: string[],
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const value = await moneyTx(fin.db, work);
  tablesChanged(fin, ...tables);
  return value;
}
