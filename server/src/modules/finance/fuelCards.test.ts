import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { readXlsx, upload, xlsx } from '../../test/kit.ts';
import { hyConfig } from '../apps/index.ts';
import { FinanceKit, key } from './financeTestKit.ts';
import { finFuelStatement } from './fuelSchema.ts';

// 油卡管理: cards (list, search, sort, validations, export, import), the recharge line a paid fuel share writes
// through the ledger (the provider's fuel-card account), the balance per card, the cap on the fuel share, and
// the provider's statement import: matched, unmatched listed, and a broken file imported not at all.

type Rec = Record<string, unknown>;

describe('fuel cards', () => {
  const t = useTestApp();
  const k = FinanceKit.funded(t);
  let cardSeq = 0;
  const cardNo = () =>
    `1000113${String(process.pid % 1000).padStart(3, '0')}${String(++cardSeq).padStart(6, '0')}`;

  const cards = async (query: Rec = {}) =>
    ((await k.get('/plateform/gas/list', { pageSize: 100, ...query })).result.records ?? []) as Rec[];
  const addCard = async (driverId: string, vehicleId: string | null, no = cardNo(), provider = 1) => {
    await k.ok('POST', '/plateform/gas/add', { cardNo: no, provider, driverId, vehicleId, state: 1 });
    const [card] = await cards({ cardNo: no });
    return card as Rec & { id: string; cardNo: string };
  };
  const pay = (ids: string[]) =>
    k.call('POST', '/shipping/hyShippingNote/pay', { ids, idempotencyKey: key() });

  it('adds, validates, searches, sorts, edits, exports and deletes cards', async () => {
    const party = await k.driverWithVehicle();
    const card = await addCard(party.driverId, party.vehicleId);
    expect(card).toMatchObject({
      provider: 1,
      provider_dictText: '中国石化',
      state: 1,
      state_dictText: '正常',
      plateNo: party.plateNo,
      balanceFen: 0,
    });
    expect(card.driverName).toBeTruthy();
    // Validations: the number's shape, the driver, a number taken.
    const bad = await k.call('POST', '/plateform/gas/add', {
      cardNo: '12-34',
      provider: 1,
      driverId: party.driverId,
    });
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('油卡号只能包含数字和字母');
    const noDriver = await k.call('POST', '/plateform/gas/add', { cardNo: cardNo(), provider: 1 });
    expect(noDriver.message).toContain('请选择持卡司机');
    const dup = await k.call('POST', '/plateform/gas/add', {
      cardNo: card.cardNo,
      provider: 2,
      driverId: party.driverId,
    });
    expect(dup.message).toContain('已存在');
    // Search by the dictionary value and sort by the number.
    const second = await addCard(party.driverId, null, cardNo(), 2);
    const petro = await cards({ provider: 2, driverName: `*${String(card.driverName)}*` });
    expect(petro.map((c) => c.id)).toEqual([second.id]);
    const sorted = await cards({
      column: 'cardNo',
      order: 'asc',
      driverName: `*${String(card.driverName)}*`,
    });
    expect(sorted.map((c) => c.cardNo)).toEqual([card.cardNo, second.cardNo].sort());
    // Edit: the card is reported lost.
    await k.ok('PUT', '/plateform/gas/edit', { ...card, state: 2 });
    expect((await cards({ cardNo: card.cardNo }))[0]).toMatchObject({ state: 2, state_dictText: '挂失' });
    // Export: the dictionary as text, money as yuan.
    const res = await t.call(k.admin, {
      method: 'GET',
      url: `/jeecg-boot/plateform/gas/exportXls?cardNo=${card.cardNo}`,
    });
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['油卡号', '供应商', '持卡司机', '余额']));
    expect(rows[1]).toEqual(expect.arrayContaining([card.cardNo, '中国石化']));
    // Delete of an unused card.
    await k.ok('DELETE', `/plateform/gas/delete?id=${second.id}`);
    expect(await cards({ cardNo: second.cardNo })).toHaveLength(0);
  });

  it('imports cards by driver name and plate, reporting each broken row', async () => {
    const party = await k.driverWithVehicle();
    const driver = (await k.get('/hydriver/hyDriver/queryById', { id: party.driverId })).result;
    const good = cardNo();
    const file = await xlsx([
      ['油卡号', '供应商', '持卡司机', '车牌号', '状态', '备注'],
      [good, '中国石油', driver.driverName, party.plateNo, '正常', '导入'],
      [cardNo(), '不存在的油企', driver.driverName, '', '', ''],
      [cardNo(), '中国石化', '没有这个司机', '', '', ''],
    ]);
    const answer = (await upload(t, k.admin, '/plateform/gas/importExcel', file)).json();
    expect(answer.result.errors.map((e: { row: number }) => e.row)).toEqual([3, 4]);
    expect(answer.result.errors[1].message).toContain('不存在');
    const [imported] = await cards({ cardNo: good });
    expect(imported).toMatchObject({ provider: 2, driverId: party.driverId, vehicleId: party.vehicleId });
  });

  it('recharges the driver card when the fuel share is paid, through the provider account of the ledger', async () => {
    const { noteId, note, driverId, vehicleId } = await k.auditedNote({
      fuelCardMode: 1,
      fuelCardValue: 1_000,
    });
    const fuel = Number(note.fuelCardFen);
    expect(fuel).toBeGreaterThan(0);
    const card = await addCard(driverId, vehicleId);
    const account = async () => (await k.walletRow(9, 'fuel_card_1'))?.balanceFen ?? 0;
    const before = await account();
    const res = await pay([noteId]);
    expect(res.success, res.message).toBe(true);
    await k.settled([noteId]);
    const lines = (await k.get('/plateform/gas/recharge/list', { cardNo: card.cardNo })).result.records ?? [];
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      amountFen: fuel,
      shippingNoteNumber: note.shippingNoteNumber,
      matchState: 0,
      provider_dictText: '中国石化',
    });
    expect((await cards({ cardNo: card.cardNo }))[0]).toMatchObject({ rechargedFen: fuel, balanceFen: fuel });
    expect(await account()).toBe(before + fuel);
    // The driver was paid the rest in cash.
    const [cash] = await k.paymentsOf(noteId);
    expect(cash?.amountFen).toBe(Number(note.driverFee) - fuel);
    await k.ledgerCheck();
    // A card with recharges is stopped, not deleted.
    const del = await k.call('DELETE', `/plateform/gas/delete?id=${card.id}`);
    expect(del.success).toBe(false);
    expect(del.message).toContain('已有充值记录');
  });

  it('refuses a fuel share above the cap, on the order and at payment', async () => {
    const over = await k.call(
      'POST',
      '/order/hyOrder/add',
      k.orderBody({ fuelCardMode: 1, fuelCardValue: 4_000 }),
    );
    expect(over.success).toBe(false);
    expect(over.message).toContain('油卡比例不能超过司机运费的30%');
    const { noteId, driverId, vehicleId } = await k.auditedNote({ fuelCardMode: 1, fuelCardValue: 2_000 });
    await addCard(driverId, vehicleId);
    const cap = and(eq(hyConfig.tenantId, 0), eq(hyConfig.configKey, 'oil_card_max_ratio_bp'));
    await t.db.update(hyConfig).set({ configValue: '1000' }).where(cap);
    try {
      const res = await pay([noteId]);
      expect(res.success).toBe(false);
      expect(res.message).toContain('油卡金额超过上限');
      expect(res.message).toContain('上限为司机运费的10%');
      expect(await k.paymentsOf(noteId)).toHaveLength(0);
    } finally {
      await t.db.update(hyConfig).set({ configValue: '3000' }).where(cap);
    }
  });

  it('imports the provider statement: matches recharges, spends purchases, lists the unmatched', async () => {
    const { noteId, note, driverId, vehicleId } = await k.auditedNote({
      fuelCardMode: 1,
      fuelCardValue: 1_500,
    });
    const card = await addCard(driverId, vehicleId);
    expect((await pay([noteId])).success).toBe(true);
    await k.settled([noteId]);
    const fuel = Number(note.fuelCardFen);
    const serial = `S${process.pid}${Date.now()}`;
    const file = await xlsx([
      ['流水号', '油卡号', '交易时间', '类型', '金额', '油站'],
      [`${serial}-1`, card.cardNo, '2026-11-20 08:00:00', '充值', (fuel / 100).toFixed(2), ''],
      [`${serial}-2`, card.cardNo, '2026-11-21 09:30:00', '消费', '200.00', '中国石化南京江东加油站'],
      [`${serial}-3`, '1000113999999999', '2026-11-21 10:00:00', '充值', '100.00', ''],
    ]);
    const answer = (await upload(t, k.admin, '/plateform/gas/importStatement', file)).json();
    expect(answer.success, answer.message).toBe(true);
    expect(answer.result).toMatchObject({ inserted: 3, skipped: 0, matched: 2, errors: [] });
    const [line] =
      (await k.get('/plateform/gas/recharge/list', { cardNo: card.cardNo })).result.records ?? [];
    expect(line).toMatchObject({ matchState: 1, statementSerialNo: `${serial}-1` });
    expect((await cards({ cardNo: card.cardNo }))[0]).toMatchObject({
      rechargedFen: fuel,
      consumedFen: 20_000,
      balanceFen: fuel - 20_000,
    });
    const unmatched = (await k.get('/plateform/gas/statement/list', { matchState: 0, pageSize: 100 })).result
      .records as Rec[];
    expect(unmatched.map((l) => l.serialNo)).toContain(`${serial}-3`);
    expect(unmatched.map((l) => l.serialNo)).not.toContain(`${serial}-1`);
    const matchedLine = (await k.get('/plateform/gas/statement/list', { serialNo: `${serial}-1` })).result
      .records?.[0];
    expect(matchedLine).toMatchObject({ shippingNoteNumber: note.shippingNoteNumber, kind_dictText: '充值' });
    // The same file again: nothing new.
    const again = (await upload(t, k.admin, '/plateform/gas/importStatement', file)).json();
    expect(again.result).toMatchObject({ inserted: 0, skipped: 3 });
  });

  it('reports a broken statement row and imports nothing of the file', async () => {
    const party = await k.driverWithVehicle();
    const card = await addCard(party.driverId, party.vehicleId);
    const count = async () => (await t.db.select().from(finFuelStatement)).length;
    const before = await count();
    const file = await xlsx([
      ['流水号', '油卡号', '交易时间', '类型', '金额'],
      [`OK-${process.pid}`, card.cardNo, '2026-11-20 08:00:00', '消费', '50.00'],
      [`BAD-${process.pid}`, card.cardNo, '2026-11-20 09:00:00', '消费', '12.345'],
      [`BAD2-${process.pid}`, card.cardNo, '昨天', '退款', '10'],
    ]);
    const answer = (await upload(t, k.admin, '/plateform/gas/importStatement', file)).json();
    expect(answer.result.inserted).toBe(0);
    expect(answer.result.errors).toEqual([
      { row: 3, message: '金额不正确（应为大于0的元金额，最多两位小数）' },
      { row: 4, message: '交易时间不正确；类型应为“充值”或“消费”' },
    ]);
    expect(answer.message).toContain('第3行');
    expect(answer.message).toContain('未导入任何数据');
    expect(await count()).toBe(before);
    expect((await cards({ cardNo: card.cardNo }))[0]).toMatchObject({ consumedFen: 0, balanceFen: 0 });
  });

  it('needs the fuel-card permission', async () => {
    const shipper = await t.login('shipper');
    const res = await k.call('GET', '/plateform/gas/list', undefined, shipper);
    expect(res.success).toBe(false);
  });
});
