import { sql } from 'drizzle-orm';
import type { BenchServer } from './server.ts';

type Envelope = { success: boolean; message: string; result: Record<string, unknown> };

/** One API call with admin's token; a refusal is an error, as a failed step of a bench. */
export async function call(
  server: BenchServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Envelope['result'] & { message?: string }> {
  const response = await fetch(`${server.baseUrl}${server.config.basePath}${path}`, {
    method,
    headers: { 'x-access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as Envelope;
  if (!json.success) throw new Error(`${method} ${path}: ${json.message}`);
  return { ...json.result, message: json.message };
}

export interface PaidNotes {
  /** From the pay request to the bank's last callback. */
  seconds: number;
  /** The pay request's own answer time. */
  acceptedSeconds: number;
  message: string;
}

/**
 * Funds the notes' customer and pays them all in one request through the pay service, then waits until the
 * simulated bank has paid every one (pay status 4). The notes are `seedAuditedNotes`' (one customer).
 */
export async function payAllNotes(server: BenchServer, token: string, ids: string[]): Promise<PaidNotes> {
  const placeholders = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [customer] = (
    (await server.db.execute(
      sql`select distinct customer_id as id from hy_shipping_note where id in (${placeholders})`,
    )) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  // Every seeded note costs the customer 5 088.00 元.
  await call(server, token, 'POST', '/customer/hyCustomerWallet/recharge', {
    customerId: customer?.id,
    amountFen: 508_800 * ids.length,
    idempotencyKey: `bench-recharge-${Date.now()}`,
  });
  const started = performance.now();
  const answer = await call(server, token, 'POST', '/shipping/hyShippingNote/pay', {
    ids,
    idempotencyKey: `bench-pay-${Date.now()}`,
  });
  const accepted = performance.now();
  for (;;) {
    const [row] = (
      (await server.db.execute(
        sql`select count(*)::int as n from hy_shipping_note where id in (${placeholders}) and pay_status = 4`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    if (Number(row?.n) >= ids.length) break;
    if (performance.now() - started > 120_000) throw new Error(`only ${row?.n} of ${ids.length} notes paid`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    seconds: (performance.now() - started) / 1000,
    acceptedSeconds: (accepted - started) / 1000,
    message: String(answer.message),
  };
}
