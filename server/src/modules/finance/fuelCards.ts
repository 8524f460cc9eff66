import {
  FUEL_CAP_CONFIG_KEY,
  FUEL_CAP_DEFAULT_BP,
  FUEL_CARD_STATE,
  FUEL_PROVIDER_NAMES,
  FUEL_TRADE_KIND,
  type FuelImportError,
  type FuelStatementImport,
  fuelCardAccountCode,
  fuelCardResource,
  fuelRechargeResource,
  fuelStatementResource,
  WALLET_OWNER,
  yuanToFen,
} from '@freight/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { readInChunks } from '../../platform/db/chunks.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { uploadedFile } from '../../platform/http/upload.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { registerImportTemplate } from '../../platform/resource/importTemplate.ts';
import { hyConfig } from '../apps/index.ts';
import { hyDriver, hyVehicle, type NoteRow } from '../freight/index.ts';
import type { WalletKey } from './books.ts';
import { type Finance, tablesChanged } from './context.ts';
import { finFuelCard, finFuelRecharge, finFuelStatement } from './fuelSchema.ts';
import { cellText, statementSheet } from './statements.ts';

// 油卡管理: the cards, the recharge lines a paid fuel share writes (called inside the payout's money
// transaction), the cap on the fuel share, and the provider's statement import matched to the recharge lines.

export type FuelCardRow = typeof finFuelCard.$inferSelect;
export type FuelRechargeInsert = typeof finFuelRecharge.$inferInsert;

type Row = Record<string, unknown>;

/** The fuel share's cap in basis points of the driver's freight (系统配置 oil_card_max_ratio_bp). */
export async function fuelCapBp(tx: DbOrTx, tenantId: number): Promise<number> {
  const [row] = await tx
    .select({ value: hyConfig.configValue })
    .from(hyConfig)
    .where(ofTenant(hyConfig, tenantId, eq(hyConfig.configKey, FUEL_CAP_CONFIG_KEY)));
  const value = Number(row?.value);
  return row && Number.isFinite(value) && value >= 0 ? value : FUEL_CAP_DEFAULT_BP;
}

/** The refusal of a fuel share above the cap, or null. */
export function fuelCapRefusal(fuelFen: number, driverFeeFen: number, capBp: number): string | null {
  if (fuelFen <= 0 || fuelFen * 10_000 <= driverFeeFen * capBp) return null;
  return `油卡金额超过上限（油卡${(fuelFen / 100).toFixed(2)}元，上限为司机运费的${capBp / 100}%）`;
}

/**
 * The card each note's fuel share recharges: the driver's active card, the one bound to the note's vehicle
 * first, then one without a vehicle, then the oldest. A driver without a card leaves the share on the
 * fuel-card/ETC clearing account, as before cards were kept.
 */
export async function fuelCardsOf(
  tx: DbOrTx,
  tenantId: number,
  notes: NoteRow[],
): Promise<Map<string, FuelCardRow>> {
  const out = new Map<string, FuelCardRow>();
  const wanting = notes.filter((n) => n.fuelCardFen > 0);
  if (wanting.length === 0) return out;
  const driverIds = [...new Set(wanting.map((n) => n.driverId))];
  const cards = await readInChunks(driverIds, (chunk) =>
    tx
      .select()
      .from(finFuelCard)
      .where(
        ofTenant(
          finFuelCard,
          tenantId,
          eq(finFuelCard.state, FUEL_CARD_STATE.active),
          inArray(finFuelCard.driverId, chunk),
        ),
      )
      .orderBy(asc(finFuelCard.createTime), asc(finFuelCard.id)),
  );
  for (const note of wanting) {
    const own = cards.filter((c) => c.driverId === note.driverId);
    const card = own.find((c) => c.vehicleId === note.vehicleId) ?? own.find((c) => !c.vehicleId) ?? own[0];
    if (card) out.set(note.id, card);
  }
  return out;
}

/** The providers' fuel-card accounts the cards need locked with the payout's wallets. */
export function fuelAccountKeys(cards: Iterable<FuelCardRow>): WalletKey[] {
  const providers = new Set<number>();
  for (const card of cards) providers.add(card.provider);
  return [...providers].map((provider) => ({
    ownerType: WALLET_OWNER.platform,
    ownerId: fuelCardAccountCode(provider),
    ownerName: `油卡-${FUEL_PROVIDER_NAMES[provider] ?? provider}`,
  }));
}

/** Writes the recharge lines of a payout and adds them to their cards (in the payout's transaction). */
export async function saveRecharges(tx: DbOrTx, recharges: FuelRechargeInsert[]): Promise<void> {
  if (recharges.length === 0) return;
  for (let i = 0; i < recharges.length; i += 400)
    await tx.insert(finFuelRecharge).values(recharges.slice(i, i + 400));
  const byCard = new Map<string, number>();
  for (const r of recharges) byCard.set(r.cardId, (byCard.get(r.cardId) ?? 0) + r.amountFen);
  for (const [cardId, amount] of byCard)
    await tx
      .update(finFuelCard)
      .set({
        rechargedFen: sql`${finFuelCard.rechargedFen} + ${amount}`,
        balanceFen: sql`${finFuelCard.balanceFen} + ${amount}`,
        updateTime: new Date(),
      })
      .where(eq(finFuelCard.id, cardId));
}

// ---- the provider's statement ------------------------------------------------------------------------

const MAX_ROWS = 10_000;

type StatementKey = 'serialNo' | 'cardNo' | 'tradeTime' | 'kind' | 'amount' | 'station';

const HEADERS: Record<string, StatementKey> = {
  流水号: 'serialNo',
  交易流水号: 'serialNo',
  供应商流水号: 'serialNo',
  卡号: 'cardNo',
  油卡号: 'cardNo',
  交易时间: 'tradeTime',
  时间: 'tradeTime',
  类型: 'kind',
  交易类型: 'kind',
  金额: 'amount',
  '金额(元)': 'amount',
  '金额（元）': 'amount',
  交易金额: 'amount',
  油站: 'station',
  加油站: 'station',
  网点: 'station',
};

export interface FuelStatementEntry {
  serialNo: string;
  cardNo: string;
  tradeTime: Date;
  kind: number;
  amountFen: number;
  station: string | null;
}

/** Reads a provider's statement (xlsx, or CSV by its name): its lines and every refused row. */
export async function parseFuelStatement(
  data: Buffer,
  filename: string,
): Promise<{ entries: FuelStatementEntry[]; errors: FuelImportError[] }> {
  const { sheet, columns } = await statementSheet(data, filename, '油卡供应商', HEADERS);
  for (const needed of ['serialNo', 'cardNo', 'tradeTime', 'kind', 'amount'] as const)
    if (![...columns.values()].includes(needed))
      throw bizError('表头需包含：流水号、油卡号、交易时间、类型、金额（可选：油站）');
  if (sheet.rowCount - 1 > MAX_ROWS) throw bizError(`一次最多导入${MAX_ROWS}行`);
  const entries: FuelStatementEntry[] = [];
  const errors: FuelImportError[] = [];
  const seen = new Map<string, number>();
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const line: Partial<Record<StatementKey, string>> = {};
    for (const [col, key] of columns) line[key] = cellText(row.getCell(col).value);
    if (!line.serialNo && !line.cardNo && !line.amount) continue;
    const fen = yuanToFen(line.amount ?? '');
    const when = new Date(
      (line.tradeTime ?? '').replace(' ', 'T').replace(/T(\d{2}:\d{2}(:\d{2})?)$/, 'T$1+08:00'),
    );
    const kindText = line.kind ?? '';
    const kind = /^(充值|圈存|1)$/.test(kindText)
      ? FUEL_TRADE_KIND.recharge
      : /^(消费|加油|2)$/.test(kindText)
        ? FUEL_TRADE_KIND.purchase
        : 0;
    const problems: string[] = [];
    if (!line.serialNo || line.serialNo.length > 64) problems.push('流水号为空或过长');
    else if (seen.has(line.serialNo)) problems.push(`流水号与第${seen.get(line.serialNo)}行重复`);
    if (!line.cardNo || !/^[0-9A-Za-z]{1,32}$/.test(line.cardNo)) problems.push('油卡号为空或格式不正确');
    if (fen === null || fen <= 0n || fen > 100_000_000_000n || /\.\d{3,}$/.test(line.amount ?? ''))
      problems.push('金额不正确（应为大于0的元金额，最多两位小数）');
    if (Number.isNaN(when.getTime())) problems.push('交易时间不正确');
    if (!kind) problems.push('类型应为“充值”或“消费”');
    if (line.serialNo) seen.set(line.serialNo, seen.get(line.serialNo) ?? r);
    if (problems.length) {
      errors.push({ row: r, message: problems.join('；') });
      continue;
    }
    entries.push({
      serialNo: line.serialNo as string,
      cardNo: line.cardNo as string,
      tradeTime: when,
      kind,
      amountFen: Number(fen),
      station: line.station?.slice(0, 100) || null,
    });
  }
  return { entries, errors };
}

/**
 * Stores a statement whole (a serial no. imported before is skipped) and matches it in one transaction: a
 * recharge line of the statement to the oldest unmatched recharge of the same card and amount, a purchase to
 * its card (which it takes off the card's balance). What finds nothing stays unmatched and listed.
 */
export async function importFuelStatement(
  fin: Finance,
  tenantId: number,
  username: string,
  entries: FuelStatementEntry[],
): Promise<Omit<FuelStatementImport, 'errors' | 'msg'>> {
  const batch = newId();
  const result = await fin.db.transaction(async (tx) => {
    const cardNos = [...new Set(entries.map((e) => e.cardNo))];
    const locked = await readInChunks(cardNos, (chunk) =>
      tx
        .select()
        .from(finFuelCard)
        .where(ofTenant(finFuelCard, tenantId, inArray(finFuelCard.cardNo, chunk)))
        .orderBy(asc(finFuelCard.id))
        .for('update'),
    );
    const cards = new Map(locked.map((card) => [card.cardNo, card]));
    const fresh: Array<typeof finFuelStatement.$inferSelect> = [];
    for (let i = 0; i < entries.length; i += 400)
      fresh.push(
        ...(await tx
          .insert(finFuelStatement)
          .values(
            entries.slice(i, i + 400).map((e) => ({
              tenantId,
              serialNo: e.serialNo,
              cardNo: e.cardNo,
              cardId: cards.get(e.cardNo)?.id ?? null,
              tradeTime: e.tradeTime,
              kind: e.kind,
              amountFen: e.amountFen,
              station: e.station,
              importBatch: batch,
              createBy: username,
            })),
          )
          .onConflictDoNothing()
          .returning()),
      );
    // Unmatched recharge lines of the cards, oldest first, taken one statement line at a time.
    const cardIds = [...cards.values()].map((c) => c.id);
    const open = await readInChunks(cardIds, (chunk) =>
      tx
        .select()
        .from(finFuelRecharge)
        .where(
          ofTenant(
            finFuelRecharge,
            tenantId,
            eq(finFuelRecharge.matchState, 0),
            inArray(finFuelRecharge.cardId, chunk),
          ),
        )
        .orderBy(asc(finFuelRecharge.createTime), asc(finFuelRecharge.id))
        .for('update'),
    );
    const taken = new Set<string>();
    const spent = new Map<string, number>();
    let matched = 0;
    for (const line of [...fresh].sort((a, b) => a.tradeTime.getTime() - b.tradeTime.getTime())) {
      const card = cards.get(line.cardNo);
      if (!card) continue;
      if (line.kind === FUEL_TRADE_KIND.purchase) {
        spent.set(card.id, (spent.get(card.id) ?? 0) + line.amountFen);
        await tx
          .update(finFuelStatement)
          .set({ matchState: 1, updateTime: new Date(), updateBy: username })
          .where(eq(finFuelStatement.id, line.id));
        matched++;
        continue;
      }
      const recharge = open.find(
        (r) => !taken.has(r.id) && r.cardId === card.id && r.amountFen === line.amountFen,
      );
      if (!recharge) continue;
      taken.add(recharge.id);
      await tx
        .update(finFuelRecharge)
        .set({
          matchState: 1,
          statementId: line.id,
          statementSerialNo: line.serialNo,
          updateTime: new Date(),
          updateBy: username,
        })
        .where(eq(finFuelRecharge.id, recharge.id));
      await tx
        .update(finFuelStatement)
        .set({
          matchState: 1,
          rechargeId: recharge.id,
          shippingNoteNumber: recharge.shippingNoteNumber,
          updateTime: new Date(),
          updateBy: username,
        })
        .where(eq(finFuelStatement.id, line.id));
      matched++;
    }
    for (const [cardId, amount] of spent)
      await tx
        .update(finFuelCard)
        .set({
          consumedFen: sql`${finFuelCard.consumedFen} + ${amount}`,
          balanceFen: sql`${finFuelCard.balanceFen} - ${amount}`,
          updateTime: new Date(),
          updateBy: username,
        })
        .where(eq(finFuelCard.id, cardId));
    return { inserted: fresh.length, skipped: entries.length - fresh.length, matched };
  });
  const [left] = await fin.db
    .select({ n: sql<number>`count(*)::int` })
    .from(finFuelStatement)
    .where(ofTenant(finFuelStatement, tenantId, eq(finFuelStatement.matchState, 0)));
  tablesChanged(fin, 'fin_fuel_statement', 'fin_fuel_recharge', 'fin_fuel_card');
  return { ...result, unmatched: Number(left?.n ?? 0) };
}

// ---- routes --------------------------------------------------------------------------------------------

const tenantOf = (request: FastifyRequest) => {
  const session = sessionOf(request);
  return { tenantId: session.tenantId, username: session.user.username };
};

/** The name of the tenant's driver or the plate of its vehicle the form picked; refuses one not found. */
async function labelOf(
  tx: DbOrTx,
  tenantId: number,
  table: typeof hyDriver | typeof hyVehicle,
  label: typeof hyDriver.driverName | typeof hyVehicle.plateNo,
  id: unknown,
  missing: string,
): Promise<string> {
  const [row] = await tx
    .select({ label })
    .from(table)
    .where(ofTenant(table, tenantId, eq(table.id, String(id))));
  if (!row) throw bizError(missing);
  return row.label;
}

/** The card's driver and vehicle from the ids the form picked, or the names an import sheet gives. */
async function resolveHolder(tx: DbOrTx, tenantId: number, values: Row): Promise<Row> {
  const out: Row = { ...values };
  if (out.driverId) {
    out.driverName = await labelOf(
      tx,
      tenantId,
      hyDriver,
      hyDriver.driverName,
      out.driverId,
      '持卡司机不存在',
    );
  } else if (out.driverName) {
    const drivers = await idsWhere(
      tx,
      hyDriver,
      ofTenant(hyDriver, tenantId, eq(hyDriver.driverName, String(out.driverName))),
    ).limit(2);
    if (drivers.length === 0) throw bizError(`司机“${String(out.driverName)}”不存在`);
    if (drivers.length > 1) throw bizError(`司机“${String(out.driverName)}”有重名，请在页面上选择司机`);
    out.driverId = drivers[0]?.id;
  } else throw bizError('请选择持卡司机');
  if (out.vehicleId) {
    out.plateNo = await labelOf(tx, tenantId, hyVehicle, hyVehicle.plateNo, out.vehicleId, '车辆不存在');
  } else if (out.plateNo) {
    const [vehicle] = await idsWhere(
      tx,
      hyVehicle,
      ofTenant(hyVehicle, tenantId, eq(hyVehicle.plateNo, String(out.plateNo))),
    );
    if (!vehicle) throw bizError(`车辆“${String(out.plateNo)}”不存在`);
    out.vehicleId = vehicle.id;
  } else {
    out.vehicleId = null;
    out.plateNo = null;
  }
  return out;
}

/** Adds a card (the demo's cards; the console's go through the declared add route and its checks). */
export async function createFuelCard(
  fin: Finance,
  tenantId: number,
  username: string,
  body: Row,
): Promise<string | null> {
  return fin.db.transaction(async (tx) => {
    const values = await resolveHolder(tx, tenantId, body);
    const [row] = await tx
      .insert(finFuelCard)
      .values({
        tenantId,
        cardNo: String(values.cardNo),
        provider: Number(values.provider),
        driverId: String(values.driverId),
        driverName: (values.driverName as string | null) ?? null,
        vehicleId: (values.vehicleId as string | null) ?? null,
        plateNo: (values.plateNo as string | null) ?? null,
        state: Number(values.state ?? FUEL_CARD_STATE.active),
        remark: (values.remark as string | null) ?? null,
        createBy: username,
      })
      .onConflictDoNothing()
      .returning({ id: finFuelCard.id });
    return row?.id ?? null;
  });
}

export function fuelCardRoutes(app: FastifyInstance, ctx: AppContext, fin: Finance): void {
  bindResource(app, ctx, fuelCardResource, finFuelCard, {
    dataLog: true,
    async beforeWrite(values, mode, request, tx) {
      const { tenantId } = tenantOf(request);
      const out = await resolveHolder(tx, tenantId, values);
      const [taken] = await idsWhere(
        tx,
        finFuelCard,
        ofTenant(finFuelCard, tenantId, eq(finFuelCard.cardNo, String(out.cardNo))),
      );
      if (taken && (mode === 'add' || taken.id !== out.id))
        throw bizError(`油卡号${String(out.cardNo)}已存在`);
      if (mode === 'edit') {
        const [card] = await tx
          .select()
          .from(finFuelCard)
          .where(ofTenant(finFuelCard, tenantId, eq(finFuelCard.id, String(out.id))));
        if (card && card.rechargedFen > 0 && (card.cardNo !== out.cardNo || card.provider !== out.provider))
          throw bizError('油卡已有充值记录，不能修改卡号或供应商');
      }
      return out;
    },
    async beforeDelete(ids, tx) {
      const [used] = await tx
        .select({ cardNo: finFuelRecharge.cardNo })
        .from(finFuelRecharge)
        .where(inArray(finFuelRecharge.cardId, ids))
        .limit(1);
      if (used) throw bizError(`油卡${used.cardNo}已有充值记录，不能删除，请改为停用`);
    },
  });
  bindResource(app, ctx, fuelRechargeResource, finFuelRecharge);
  bindResource(app, ctx, fuelStatementResource, finFuelStatement);
  registerImportTemplate(app, {
    path: fuelStatementResource.path,
    permission: fuelStatementResource.permission,
    title: '油卡对账单',
    columns: [
      { title: '流水号', required: true, note: '供应商的交易流水号，不可重复；已导入过的流水号跳过' },
      { title: '油卡号', required: true, note: '数字和字母' },
      { title: '交易时间', required: true, note: 'YYYY-MM-DD HH:mm:ss（北京时间）' },
      { title: '类型', required: true, note: '充值 或 消费' },
      { title: '金额', required: true, note: '元，最多两位小数；充值按油卡号和金额匹配充值记录' },
      { title: '油站', note: '可空' },
    ],
  });

  app.post(
    '/plateform/gas/importStatement',
    {
      config: { access: perm('finance:gas:import'), audit: { operateType: 5, content: '导入油卡对账单' } },
    },
    async (request) => {
      const { tenantId, username } = tenantOf(request);
      const { file, data } = await uploadedFile(request);
      const { entries, errors } = await parseFuelStatement(data, file.filename);
      if (errors.length > 0) {
        // A statement is taken whole or not at all: a broken row would leave the books half matched.
        const msg = `对账单有${errors.length}行错误，未导入任何数据：${errors
          .slice(0, 3)
          .map((e) => `第${e.row}行 ${e.message}`)
          .join('；')}`;
        const answer: FuelStatementImport = {
          inserted: 0,
          skipped: 0,
          matched: 0,
          unmatched: 0,
          errors,
          msg,
        };
        return { ...ok(answer, msg), code: 201 };
      }
      if (entries.length === 0) throw bizError('文件中没有对账数据');
      const stored = await importFuelStatement(fin, tenantId, username, entries);
      const msg = `导入${stored.inserted}条（重复${stored.skipped}条），匹配${stored.matched}条，未匹配${stored.unmatched}条`;
      const answer: FuelStatementImport = { ...stored, errors: [], msg };
      return ok(answer, msg);
    },
  );
}
