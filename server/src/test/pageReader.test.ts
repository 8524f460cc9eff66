import { and, asc, desc, eq, getTableColumns, gte, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hyDriver } from '../modules/freight/partySchema.ts';
import { hyShippingNote } from '../modules/freight/shippingSchema.ts';
import { sysPermission, sysUser } from '../modules/system/schema.ts';
import { pageReader } from '../platform/resource/pageReader.ts';
import { useTestApp } from './harness.ts';
import { ShippingKit } from './shippingKit.ts';

describe('list page reader', () => {
  const t = useTestApp();
  beforeAll(async () => {
    // Notes in several states: timestamps, dates, numbers, nulls and texts of every kind a note holds.
    const kit = new ShippingKit(t, await t.login('admin'));
    for (const until of ['accept', 'unload', 'audit'] as const) {
      const party = await kit.driverWithVehicle();
      const note = await kit.dispatch(await kit.order(), party);
      await kit.drive(note.id, until);
    }
  });

  async function same(table: PgTable, where: SQL | undefined, orderBy: SQL[], limit = 10, offset = 0) {
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const reader = pageReader(table, columns);
    const ours = await reader.read(t.db, reader.statement(where, orderBy, limit, offset));
    const drizzles = await t.db
      .select(columns)
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    expect(ours.length).toBeGreaterThan(0);
    // Same values of the same types (Date stays Date, numbers stay numbers) in the same order.
    expect(ours).toStrictEqual(drizzles);
    return ours;
  }

  it('returns exactly what a drizzle select of the same columns returns', async () => {
    const notes = await same(hyShippingNote, eq(hyShippingNote.tenantId, 0), [
      desc(hyShippingNote.createTime),
      desc(hyShippingNote.id),
    ]);
    expect(notes).toHaveLength(3);
    expect(notes.some((n) => n.auditTime instanceof Date)).toBe(true);
    await same(hyDriver, inArray(hyDriver.state, [1, 2]), [asc(hyDriver.driverName)]);
    await same(sysUser, and(eq(sysUser.delFlag, 0), gte(sysUser.createTime, new Date(0))), [
      asc(sysUser.username),
    ]);
    await same(sysPermission, ilike(sysPermission.name, '%管理%'), [asc(sysPermission.id)], 5, 3);
    await same(sysPermission, undefined, [], 20, 40);
  });

  it('binds every value: a filter value is never part of the statement text', () => {
    const reader = pageReader(sysUser, { id: sysUser.id, username: sysUser.username });
    const hostile = "x' or '1'='1";
    const statement = reader.statement(eq(sysUser.username, hostile), [asc(sysUser.username)], 10, 20);
    expect(statement.text).not.toContain(hostile);
    expect(statement.params).toEqual([hostile, 10, 20]);
  });
});
