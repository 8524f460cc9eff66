import { USER_TYPE } from '@freight/contracts';
import { and, desc, eq, max } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { RetentionYears } from '../../config.ts';
import { sysLog } from '../../platform/audit/schema.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { rowExists } from '../../platform/db/idsWhere.ts';
import { finBankPayment, finTaxRecord } from '../finance/index.ts';
import { hyDriver, hyDriverBank, hyDriverVehicle, hyShippingNote } from '../freight/index.ts';
import { sysUser, type UserRow } from '../system/index.ts';
import { piConsent, piPrivacyPolicy, piRequest } from './schema.ts';

export type SubjectType = 'driver' | 'user';
export interface Subject {
  type: SubjectType;
  id: string;
}

/** The newest published policy, or none when the platform has not published one. */
export async function currentPolicy(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(piPrivacyPolicy)
    .where(eq(piPrivacyPolicy.published, true))
    .orderBy(desc(piPrivacyPolicy.publishedAt))
    .limit(1);
  return row ?? null;
}

export async function hasAccepted(db: DbOrTx, subject: Subject, version: string): Promise<boolean> {
  return rowExists(
    db,
    piConsent,
    eq(piConsent.subjectType, subject.type),
    eq(piConsent.subjectId, subject.id),
    eq(piConsent.policyVersion, version),
  );
}

/** Party users (shippers, agents, captains) must accept the current policy; platform staff work under contract. */
export function asksConsent(user: Pick<UserRow, 'userType'>): boolean {
  return user.userType !== USER_TYPE.system;
}

export async function subjectName(db: DbOrTx, subject: Subject): Promise<string | null | undefined> {
  if (subject.type === 'driver') {
    const [row] = await db
      .select({ name: hyDriver.driverName })
      .from(hyDriver)
      .where(eq(hyDriver.id, subject.id));
    return row?.name;
  }
  const [row] = await db
    .select({ name: sysUser.realname, username: sysUser.username })
    .from(sysUser)
    .where(eq(sysUser.id, subject.id));
  return row ? (row.name ?? row.username) : undefined;
}

/** Every record the platform holds about a person, whole (the person's own numbers are not masked). */
export async function personData(
  db: DbOrTx,
  subject: Subject,
): Promise<Record<string, Record<string, unknown>[]>> {
  const consents = await db
    .select()
    .from(piConsent)
    .where(and(eq(piConsent.subjectType, subject.type), eq(piConsent.subjectId, subject.id)));
  const requests = await db
    .select()
    .from(piRequest)
    .where(and(eq(piRequest.subjectType, subject.type), eq(piRequest.subjectId, subject.id)));
  if (subject.type === 'driver') {
    const driver = await db.select().from(hyDriver).where(eq(hyDriver.id, subject.id));
    return {
      driver,
      bankCards: await db.select().from(hyDriverBank).where(eq(hyDriverBank.driverId, subject.id)),
      vehicles: await db.select().from(hyDriverVehicle).where(eq(hyDriverVehicle.driverId, subject.id)),
      waybills: await db
        .select()
        .from(hyShippingNote)
        .where(eq(hyShippingNote.driverId, subject.id))
        .orderBy(desc(hyShippingNote.createTime)),
      payments: await db.select().from(finBankPayment).where(eq(finBankPayment.payeeId, subject.id)),
      taxRecords: await db.select().from(finTaxRecord).where(eq(finTaxRecord.driverId, subject.id)),
      consents,
      requests,
    };
  }
  const user = await db.select().from(sysUser).where(eq(sysUser.id, subject.id));
  return {
    user: user.map(({ password: _p, ...rest }) => rest),
    logins: await db
      .select({
        createTime: sysLog.createTime,
        ip: sysLog.ip,
        logContent: sysLog.logContent,
        success: sysLog.success,
      })
      .from(sysLog)
      .where(and(eq(sysLog.userid, subject.id), eq(sysLog.logType, 1)))
      .orderBy(desc(sysLog.createTime))
      .limit(1000),
    consents,
    requests,
  };
}

const SECTION_TITLES: Record<string, string> = {
  driver: '司机信息',
  user: '账户信息',
  bankCards: '银行卡',
  vehicles: '关联车辆',
  waybills: '运单',
  payments: '付款记录',
  taxRecords: '完税记录',
  logins: '登录记录',
  consents: '同意记录',
  requests: '个人信息申请',
};

function cell(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return value as ExcelJS.CellValue;
}

/** The export as a workbook: one sheet per kind of record, the column keys as headers. */
export async function personWorkbook(data: Record<string, Record<string, unknown>[]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [key, rows] of Object.entries(data)) {
    const sheet = workbook.addWorksheet(SECTION_TITLES[key] ?? key);
    const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    sheet.addRow(columns.length ? columns : ['（无记录）']);
    for (const row of rows) sheet.addRow(columns.map((c) => cell(row[c])));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface Retention {
  reason: string;
  until: string;
}

const addYears = (time: Date, years: number) => {
  const d = new Date(time);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
};

/**
 * Why a person's data must still be kept, and until when: the latest waybill, payment or tax record plus
 * its legal retention (configuration). Null when nothing holds it.
 */
export async function retentionOf(
  db: DbOrTx,
  subject: Subject,
  years: RetentionYears,
  now = new Date(),
): Promise<Retention | null> {
  if (subject.type !== 'driver') return null;
  // What keeps a driver's records: the rows naming the driver, by their creation, and how long each is kept.
  const kinds: [reason: string, created: AnyPgColumn<{ data: Date }>, owner: PgColumn, years: number][] = [
    [
      '存在运单记录（网络货运运单保存不少于{n}年）',
      hyShippingNote.createTime,
      hyShippingNote.driverId,
      years.waybill,
    ],
    [
      '存在付款记录（资金往来记录保存{n}年）',
      finBankPayment.createTime,
      finBankPayment.payeeId,
      years.payment,
    ],
    ['存在完税记录（涉税资料保存{n}年）', finTaxRecord.createTime, finTaxRecord.driverId, years.tax],
  ];
  const holds: Array<{ reason: string; last: Date | null; years: number }> = [];
  for (const [reason, created, owner, kept] of kinds) {
    const [row] = await db
      .select({ last: max(created) })
      .from(created.table)
      .where(eq(owner, subject.id));
    holds.push({ reason, last: row?.last ?? null, years: kept });
  }
  let found: Retention | null = null;
  let latest = now;
  for (const hold of holds) {
    if (!hold.last) continue;
    const until = addYears(new Date(hold.last), hold.years);
    if (until <= latest) continue;
    latest = until;
    found = {
      reason: hold.reason.replace('{n}', String(hold.years)),
      until: until.toISOString().slice(0, 10),
    };
  }
  return found;
}

/** Replaces what identifies a person by placeholders, keeping the row (and its references) in place. */
export async function anonymise(db: DbOrTx, subject: Subject): Promise<void> {
  const tag = subject.id.slice(0, 8);
  if (subject.type === 'driver') {
    await db.delete(hyDriverBank).where(eq(hyDriverBank.driverId, subject.id));
    await db.delete(hyDriverVehicle).where(eq(hyDriverVehicle.driverId, subject.id));
    await db
      .update(hyDriver)
      .set({
        driverName: '已注销',
        mobile: '00000000000',
        // Unique per tenant and never a valid ID number: the id's own characters.
        idCard: `X${subject.id.slice(0, 17)}`,
        idCardFront: null,
        idCardBack: null,
        idCardValidFrom: null,
        idCardValidTo: null,
        drivingFileNo: null,
        drivingImg: null,
        drivingIssuer: null,
        qualificationNo: null,
        qualificationImg: null,
        blacklisted: true,
        blacklistReason: '本人申请删除，已匿名化',
        updateTime: new Date(),
      })
      .where(eq(hyDriver.id, subject.id));
    return;
  }
  await db
    .update(sysUser)
    .set({
      username: `deleted_${tag}`,
      realname: '已注销用户',
      phone: null,
      email: null,
      avatar: null,
      status: 2,
      updateTime: new Date(),
    })
    .where(eq(sysUser.id, subject.id));
}
