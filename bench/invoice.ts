/**
 * Invoice benchmark, `npm run bench:invoice`:
 *   - an invoice application over BENCH_INVOICE_NOTES (500) audited waybills paid through the pay service:
 *     the apply request's answer time — target < 2 s;
 *   - the issued invoice's PDF (one line per waybill): the download's answer time — target < 3 s.
 * Env: BENCH_DATABASE_URL (PostgreSQL admin URL; PGlite when unset), BENCH_INVOICE_NOTES (500),
 *      BENCH_ENFORCE (1: exit 2 when a target is missed). Exit codes: 0 ok, 1 failed run, 2 target missed.
 */
import { ADMIN_PASSWORD, BENCH_DATABASE_URL, BENCH_ENFORCE } from './lib/env.ts';
import { call, payAllNotes } from './lib/payNotes.ts';
import {
  evaluateTargets,
  exitCodeOf,
  formatTargets,
  machineLine,
  runBench,
  saveResults,
} from './lib/report.ts';
import { INVOICE_APPLY_SCENARIO, INVOICE_PDF_SCENARIO, invoiceTargets } from './lib/scenarios.ts';
import { seedAuditedNotes } from './lib/seedMoney.ts';
import { login, startBenchServer } from './lib/server.ts';

const notes = Number(process.env.BENCH_INVOICE_NOTES || 500);
if (!Number.isInteger(notes) || notes < 1) throw new Error('BENCH_INVOICE_NOTES must be a positive integer');

async function main(): Promise<number> {
  console.log(machineLine('bench:invoice'));
  let ids: string[] = [];
  const server = await startBenchServer({
    adminUrl: BENCH_DATABASE_URL,
    seed: async (db) => {
      ids = await seedAuditedNotes(db, notes);
    },
  });
  try {
    const token = await login(server, 'admin', ADMIN_PASSWORD);
    const paid = await payAllNotes(server, token, ids);
    console.log(`${ids.length} waybills paid through the pay service in ${paid.seconds.toFixed(2)} s`);

    const applyStarted = performance.now();
    const invoice = await call(server, token, 'POST', '/plateform/invoice/apply', { noteIds: ids, kind: 1 });
    const applySeconds = (performance.now() - applyStarted) / 1000;
    console.log(`apply: ${applySeconds.toFixed(3)} s — ${String(invoice.message)}`);

    const issued = await call(server, token, 'POST', '/plateform/invoice/issue', { id: invoice.id });
    if (Number(issued.state) !== 3) throw new Error(`the invoice was not issued: ${String(issued.message)}`);
    const pdfStarted = performance.now();
    const response = await fetch(
      `${server.baseUrl}${server.config.basePath}/plateform/invoice/pdf?id=${String(invoice.id)}`,
      { headers: { 'x-access-token': token } },
    );
    const bytes = (await response.arrayBuffer()).byteLength;
    const pdfSeconds = (performance.now() - pdfStarted) / 1000;
    if (response.headers.get('content-type') !== 'application/pdf')
      throw new Error(`the PDF download answered ${response.status} ${response.headers.get('content-type')}`);
    console.log(
      `PDF of invoice ${String(issued.invoiceNo)} (${ids.length} lines, ${(bytes / 1024).toFixed(0)} KB): ${pdfSeconds.toFixed(3)} s`,
    );

    // The targets are set for 500 waybills: a scaled-down run shows its figures for information only.
    const outcomes = evaluateTargets(invoiceTargets, [], server.kind, {
      [INVOICE_APPLY_SCENARIO]: applySeconds,
      [INVOICE_PDF_SCENARIO]: pdfSeconds,
    }).map((o) => ({ ...o, enforced: o.enforced && ids.length >= 500 }));
    console.log(`\nTargets (${server.kind}, ${ids.length} waybills):\n\n${formatTargets(outcomes)}`);
    saveResults(`invoice-${server.kind}.json`, {
      notes: ids.length,
      applySeconds,
      pdfSeconds,
      targets: outcomes,
    });
    return exitCodeOf(outcomes, BENCH_ENFORCE, 'invoice');
  } finally {
    await server.close();
  }
}

runBench('bench:invoice', main);
