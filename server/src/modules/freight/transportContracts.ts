import { createHash } from 'node:crypto';
import {
  amountInChinese,
  CONTRACT_STATE,
  type ContractKind,
  type ContractVerification,
  formatFen,
  formatTonnes,
  LOSS_ALLOWANCE_MODE,
  maskValue,
  PRICE_MODE,
  SETTLE_MODE,
} from '@freight/contracts';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { hyConfig } from '../apps/index.ts';
import { renderContractPdf } from './contractPdf.ts';
import { hyContractTemplate, hyTransportContract } from './contractSchema.ts';
import type { ESignAdapter } from './esign/adapter.ts';
import { loadSimulatedCa } from './esign/simulatedCa.ts';
import type { Actor } from './noteTransitions.ts';
import { hyCustomer } from './schema.ts';
import { chinaToday } from './shippingMoney.ts';
import type { hyShippingNote } from './shippingSchema.ts';

// Electronic transport contracts (电子运输合同). The carrier contract of a waybill is made and signed in the
// transaction of its accept (the driver's accept is the signing act; an accept in the console records who did
// it on the driver's behalf); the shipper's framework contract once per customer and period. The filled
// template becomes a PDF, the CA signs the PDF's sha256 digest, and PDF, digest and signature are kept in the
// contract's row. Verifying recomputes the stored PDF's digest and checks the CA's signature of it.

type NoteRow = typeof hyShippingNote.$inferSelect;
export type ContractRow = typeof hyTransportContract.$inferSelect;

/** The contract's title by kind. */
const TITLES: Record<ContractKind, string> = {
  carrier: '公路货物运输合同（承运）',
  shipper: '网络货运托运框架合同',
};

/** The templates an install starts with (version 1): `{{name}}` fields are filled from the waybill or customer. */
export const DEFAULT_TEMPLATES: Record<ContractKind, string> = {
  carrier: [
    '甲方（托运方/网络货运经营者）：{{partyA}}',
    '乙方（实际承运人）：{{partyB}}，手机：{{driverMobile}}，车牌号：{{plateNo}}',
    '货主（发货人）：{{customerName}}',
    '运单号：{{shippingNoteNumber}}',
    '',
    '一、货物',
    '货物名称：{{goodsName}}；计划运输重量：{{plannedWeight}}吨。',
    '二、运输线路',
    '起运地：{{loadPlace}}；到达地：{{unloadPlace}}。',
    '三、运费',
    '运价：{{unitPrice}}；运费：人民币{{freight}}元（大写：{{freightInWords}}）。运费按结算重量计算，以平台审核的金额为准，由甲方通过平台支付给乙方。',
    '四、货物损耗',
    '{{lossRule}}',
    '五、时间',
    '接单（签署）时间：{{signDay}}。乙方应按约定时间装货，并安全、及时地将货物运抵到达地。',
    '六、其他约定',
    '乙方应持有效的驾驶证、从业资格证与车辆道路运输证，不得将本运输业务转包或分包。本合同自乙方接单签署时生效，至运单结算完毕时终止。',
  ].join('\n'),
  shipper: [
    '甲方（承运方/网络货运经营者）：{{partyA}}',
    '乙方（托运方）：{{partyB}}，统一社会信用代码：{{creditCode}}',
    '合同期限：{{periodFrom}} 至 {{periodTo}}',
    '',
    '一、合同标的',
    '乙方在合同期限内通过甲方平台发布货源、委托甲方承运，每一运单为本合同项下的一次运输，运单载明货物、线路、重量与运费。',
    '二、运费与结算',
    '运费按每张运单载明的运价及结算重量计算；结算方式：{{settleMode}}。甲方按运单向乙方开具运输服务发票。',
    '三、货物损耗',
    '按各运单约定的合理损耗标准执行，超出合理损耗的部分按运单约定的单价扣款。',
    '四、双方责任',
    '乙方应如实申报货物信息；甲方负责组织实际承运人完成运输，并对运输过程承担承运人责任。',
    '五、其他约定',
    '本合同自双方电子签署之日起生效，至合同期限届满时终止。',
  ].join('\n'),
};

const PLATFORM_DEFAULT = '南京智运通供应链科技有限公司';

/** Fills `{{name}}` fields; a field without a value is left empty. */
export function fillTemplate(body: string, values: Record<string, string>): string {
  return body.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The e-signature adapter of an app (by its database): the simulated CA, whose key is kept per install. */
const adapters = new WeakMap<object, ESignAdapter>();
export async function esignOf(db: Db, executor: DbOrTx = db): Promise<ESignAdapter> {
  const known = adapters.get(db);
  if (known) return known;
  const ca = await loadSimulatedCa(executor);
  adapters.set(db, ca);
  return ca;
}

/** The active template of a kind: the tenant's own newest version, else the platform's; version 1 if none. */
async function activeTemplate(tx: DbOrTx, tenantId: number, kind: ContractKind) {
  const find = () =>
    tx
      .select()
      .from(hyContractTemplate)
      .where(
        and(
          inArray(hyContractTemplate.tenantId, [0, tenantId]),
          eq(hyContractTemplate.kind, kind),
          eq(hyContractTemplate.active, true),
        ),
      )
      .orderBy(desc(hyContractTemplate.tenantId), desc(hyContractTemplate.version))
      .limit(1);
  const [found] = await find();
  if (found) return found;
  await tx
    .insert(hyContractTemplate)
    .values({
      tenantId: 0,
      kind,
      version: 1,
      title: TITLES[kind],
      body: DEFAULT_TEMPLATES[kind],
      createBy: 'system',
    })
    .onConflictDoNothing();
  const [made] = await find();
  if (!made) throw bizError('合同模板不可用，请检查模板是否已停用');
  return made;
}

/**
 * The carrier template's violation clause (违规扣款条款): a new active version of the template with the
 * percentage (null: without the clause). Contracts signed before keep the version they were signed with.
 */
export async function setCarrierPenaltyClause(
  tx: DbOrTx,
  tenantId: number,
  penaltyPct: number | null,
  by: string,
): Promise<{ version: number; penaltyPct: number | null }> {
  const current = await activeTemplate(tx, tenantId, 'carrier');
  const [own] = await tx
    .select({ version: hyContractTemplate.version })
    .from(hyContractTemplate)
    .where(and(eq(hyContractTemplate.tenantId, tenantId), eq(hyContractTemplate.kind, 'carrier')))
    .orderBy(desc(hyContractTemplate.version))
    .limit(1);
  const version = Math.max(current.version, own?.version ?? 0) + 1;
  await tx.insert(hyContractTemplate).values({
    tenantId,
    kind: 'carrier',
    version,
    title: current.title,
    body: current.body,
    penaltyPct,
    createBy: by,
  });
  return { version, penaltyPct };
}

/** The active carrier template's violation clause. */
export async function carrierPenaltyClause(
  tx: DbOrTx,
  tenantId: number,
): Promise<{ version: number; penaltyPct: number | null }> {
  const t = await activeTemplate(tx, tenantId, 'carrier');
  return { version: t.version, penaltyPct: t.penaltyPct };
}

/** 甲方: the platform's legal name (the invoices' seller title when configured). */
async function platformName(tx: DbOrTx, tenantId: number): Promise<string> {
  const rows = await tx
    .select()
    .from(hyConfig)
    .where(and(inArray(hyConfig.tenantId, [0, tenantId]), eq(hyConfig.configKey, 'invoice_seller_title')));
  rows.sort((a, b) => b.tenantId - a.tenantId);
  return rows.find((r) => r.configValue)?.configValue || PLATFORM_DEFAULT;
}

const place = (...parts: Array<string | null | undefined>) => {
  const out: string[] = [];
  for (const p of parts) if (p && !out.includes(p)) out.push(p);
  return out.join('');
};

function lossRuleOf(note: NoteRow): string {
  const allowance =
    note.lossAllowanceMode === LOSS_ALLOWANCE_MODE.perMille
      ? `装货重量的${note.lossAllowanceValue}‰`
      : `${formatTonnes(note.lossAllowanceValue)}吨`;
  const whole = note.lossDeductWhole ? '，超出时全部亏吨扣款' : '，仅扣超出部分';
  return `合理损耗为${allowance}；亏吨超出合理损耗时按${formatFen(note.lossUnitPriceFen)}元/吨扣款${whole}。`;
}

/** Makes the PDF, has the CA sign its digest and stores the signed contract (in the caller's transaction). */
async function signAndStore(
  db: Db,
  tx: DbOrTx,
  values: Omit<typeof hyTransportContract.$inferInsert, 'pdf' | 'digest' | 'state' | 'signature'>,
  text: string,
  title: string,
  at: Date,
): Promise<ContractRow> {
  const pdf = await renderContractPdf({
    title,
    contractNo: values.contractNo,
    text,
    partyA: values.partyA,
    partyB: values.partyB,
    signDay: chinaToday(at),
  });
  const digest = sha256(pdf);
  const ca = await esignOf(db, tx);
  const signed = await ca.sign({ contractNo: values.contractNo, digest, signer: values.signer ?? '' });
  const [row] = await tx
    .insert(hyTransportContract)
    .values({
      ...values,
      pdf,
      digest,
      state: CONTRACT_STATE.signed,
      signTime: signed.signedAt,
      signature: signed.signature,
      signKeyId: signed.keyId,
      caName: signed.caName,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  // Signed meanwhile by another request (same waybill or the same customer and period): that one stands.
  const [other] = await tx
    .select()
    .from(hyTransportContract)
    .where(eq(hyTransportContract.contractNo, values.contractNo));
  if (!other) throw bizError('合同编号冲突，请重试');
  return other;
}

/** The waybill's carrier contract no. (the note keeps it too). */
export const carrierContractNo = (note: Pick<NoteRow, 'shippingNoteNumber'>) =>
  `HT${note.shippingNoteNumber}`;

/**
 * The carrier contract of a waybill, made and signed unless it has one (idempotent). `actor` is who accepted:
 * the driver signs; a console user accepting records that it signed on the driver's behalf.
 */
export async function signCarrierContract(
  db: Db,
  tx: DbOrTx,
  note: NoteRow,
  actor: Pick<Actor, 'username'>,
  at = new Date(),
): Promise<ContractRow> {
  const [existing] = await tx
    .select()
    .from(hyTransportContract)
    .where(and(eq(hyTransportContract.noteId, note.id), ne(hyTransportContract.state, CONTRACT_STATE.void)));
  if (existing) return existing;
  // A contract voided with an earlier accept is replaced (the note id is unique among contracts).
  await tx.delete(hyTransportContract).where(eq(hyTransportContract.noteId, note.id));
  const template = await activeTemplate(tx, note.tenantId, 'carrier');
  const partyA = await platformName(tx, note.tenantId);
  const contractNo = carrierContractNo(note);
  const unit = note.priceMode === PRICE_MODE.perTrip ? '元/车' : '元/吨';
  const text = fillTemplate(template.body, {
    partyA,
    partyB: note.driverName ?? '',
    driverMobile: String(maskValue('mobile', note.driverMobile) ?? ''),
    plateNo: note.plateNo ?? '',
    customerName: note.customerName ?? '',
    shippingNoteNumber: note.shippingNoteNumber,
    goodsName: note.goodsName ?? '',
    plannedWeight: formatTonnes(note.plannedWeightG),
    loadPlace: place(note.loadProvince, note.loadCity, note.loadDistrict, note.loadAddress),
    unloadPlace: place(note.unloadProvince, note.unloadCity, note.unloadDistrict, note.unloadAddress),
    unitPrice: `${formatFen(note.driverUnitPriceFen)}${unit}`,
    freight: formatFen(note.driverFee),
    freightInWords: amountInChinese(note.driverFee),
    lossRule: lossRuleOf(note),
    signDay: chinaToday(at),
  });
  const clause =
    template.penaltyPct === null
      ? ''
      : `\n七、违规扣款\n乙方经平台认定存在违规行为的，甲方可按本单运费的${template.penaltyPct}%扣款；扣款前书面通知乙方，乙方可在通知规定的申诉期内提出申诉，申诉成立的不予扣款。`;
  return signAndStore(
    db,
    tx,
    {
      tenantId: note.tenantId,
      contractNo,
      kind: 'carrier',
      noteId: note.id,
      shippingNoteNumber: note.shippingNoteNumber,
      customerId: note.customerId,
      customerName: note.customerName,
      templateId: template.id,
      templateVersion: template.version,
      partyA,
      partyB: note.driverName ?? '',
      partyBId: note.driverId,
      goodsName: note.goodsName,
      route: `${note.loadCity ?? ''}→${note.unloadCity ?? ''}`,
      freightFen: note.driverFee,
      penaltyPct: template.penaltyPct,
      signer: note.driverName,
      signedBy: actor.username,
      createBy: actor.username,
    },
    text + clause,
    template.title,
    at,
  );
}

/** A waybill that is loaded must have its signed carrier contract (the law's electronic contract). */
export async function requireSignedCarrierContract(tx: DbOrTx, note: NoteRow): Promise<void> {
  const [signed] = await idsWhere(
    tx,
    hyTransportContract,
    eq(hyTransportContract.noteId, note.id),
    eq(hyTransportContract.state, CONTRACT_STATE.signed),
  );
  if (!signed) throw bizError(`运单${note.shippingNoteNumber}尚未签署电子运输合同（承运合同），不能装货`);
}

/** A waybill leaving the plan (cancelled, voided) voids its carrier contract. */
export async function voidCarrierContract(tx: DbOrTx, noteId: string, by: string): Promise<void> {
  await tx
    .update(hyTransportContract)
    .set({ state: CONTRACT_STATE.void, updateBy: by, updateTime: new Date() })
    .where(and(eq(hyTransportContract.noteId, noteId), eq(hyTransportContract.state, CONTRACT_STATE.signed)));
}

const SETTLE_TEXT: Record<number, string> = {
  [SETTLE_MODE.perTrip]: '趟结（每趟运单审核后结算）',
  [SETTLE_MODE.perApproval]: '批结（按批审核后结算）',
  [SETTLE_MODE.monthly]: '月结（每月结算）',
};

/** The framework contract of a shipper for a period, made and signed unless it has one (idempotent). */
export async function signFrameworkContract(
  db: Db,
  actor: Pick<Actor, 'username' | 'tenantId'>,
  input: { customerId: string; periodFrom: string; periodTo: string },
  at = new Date(),
): Promise<ContractRow> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select()
      .from(hyCustomer)
      .where(and(eq(hyCustomer.id, input.customerId), eq(hyCustomer.tenantId, actor.tenantId)));
    if (!customer) throw recordNotFound();
    const code = createHash('sha256').update(customer.id).digest('hex').slice(0, 8).toUpperCase();
    const contractNo = `KJ${input.periodFrom.replaceAll('-', '')}${input.periodTo.replaceAll('-', '')}${code}`;
    const [existing] = await tx
      .select()
      .from(hyTransportContract)
      .where(eq(hyTransportContract.contractNo, contractNo));
    if (existing) return existing;
    const template = await activeTemplate(tx, actor.tenantId, 'shipper');
    const partyA = await platformName(tx, actor.tenantId);
    const text = fillTemplate(template.body, {
      partyA,
      partyB: customer.customerName,
      creditCode: customer.creditCode ?? '',
      periodFrom: input.periodFrom,
      periodTo: input.periodTo,
      settleMode: SETTLE_TEXT[customer.settleMode] ?? '按运单约定',
    });
    return signAndStore(
      db,
      tx,
      {
        tenantId: actor.tenantId,
        contractNo,
        kind: 'shipper',
        customerId: customer.id,
        customerName: customer.customerName,
        periodFrom: input.periodFrom,
        periodTo: input.periodTo,
        templateId: template.id,
        templateVersion: template.version,
        partyA,
        partyB: customer.customerName,
        partyBId: customer.id,
        freightFen: 0,
        signer: customer.customerName,
        signedBy: actor.username,
        createBy: actor.username,
      },
      text,
      template.title,
      at,
    );
  });
}

/** Recomputes the stored PDF's digest and checks the CA's signature of the signed digest. */
export async function verifyContract(db: Db, row: ContractRow): Promise<ContractVerification> {
  const base = {
    contractNo: row.contractNo,
    signedDigest: row.digest ?? '',
    caName: row.caName,
    keyId: row.signKeyId,
    signer: row.signer,
    signTime: row.signTime ? row.signTime.toISOString() : null,
  };
  if (!row.pdf || !row.digest || !row.signature || !row.signKeyId)
    return {
      ...base,
      valid: false,
      digestMatches: false,
      signatureValid: false,
      digest: row.pdf ? sha256(row.pdf) : '',
      message: '合同尚未签署',
    };
  const digest = sha256(row.pdf);
  const digestMatches = digest === row.digest;
  const ca = await esignOf(db);
  const signatureValid = await ca.verify(
    { contractNo: row.contractNo, digest: row.digest, signer: row.signer ?? '' },
    { signature: row.signature, keyId: row.signKeyId },
  );
  const valid = digestMatches && signatureValid;
  const message = valid
    ? row.state === CONTRACT_STATE.void
      ? '签章有效，文件未被篡改（合同已作废）'
      : '验证通过：文件未被篡改，签章有效'
    : !digestMatches
      ? '验证失败：合同文件与签署时的摘要不一致，文件已被篡改'
      : '验证失败：签章无效';
  return { ...base, valid, digestMatches, signatureValid, digest, message };
}
