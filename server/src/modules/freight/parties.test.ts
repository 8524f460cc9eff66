import { creditCodeCheckChar, luhnCheckDigit, residentIdCheckChar } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const api = (path: string) => `/jeecg-boot${path}`;
const idCard = (body17: string) => body17 + residentIdCheckChar(body17);
const card = (payload: string) => payload + luhnCheckDigit(payload);

describe('freight parties', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    token: string = admin,
  ) => t.call(token, { method, url: api(path), payload });

  const driver = (over: object = {}) => ({
    driverName: '张伟',
    mobile: '13812345678',
    idCard: idCard('32010219850315471'),
    drivingClass: 'A2',
    drivingValidFrom: '2020-01-01',
    drivingValidTo: '2030-01-01',
    ...over,
  });

  it('validates identifiers by checksum and format, with the reason in Chinese', async () => {
    const badId = await call('POST', '/hydriver/hyDriver/add', driver({ idCard: '320102198503154710' }));
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('请输入正确的身份证号');
    expect(
      (await call('POST', '/hydriver/hyDriver/add', driver({ mobile: '12812345678' }))).json().message,
    ).toBe('请输入正确的手机号码');
    expect(
      (await call('POST', '/hydriver/hyDriver/add', driver({ drivingValidFrom: '2031-01-01' }))).json()
        .message,
    ).toBe('有效期止不能早于有效期起');
    expect((await call('POST', '/hyvehicle/hyVehicle/add', { plateNo: '苏A12' })).json().message).toBe(
      '请输入正确的车牌号',
    );
    expect(
      (await call('POST', '/hyvehicle/hyVehicle/add', { plateNo: '苏AD12345', plateColor: '5' })).json()
        .success,
    ).toBe(true);
    expect(
      (await call('POST', '/hyvehicle/hyVehicle/add', { plateNo: '苏E6Y789', grossMassKg: 49000 })).json()
        .message,
    ).toBe('总质量4.5吨以上的车辆必须填写道路运输证号');
    const code17 = '91320000MA1MX0C4';
    expect(
      (
        await call('POST', '/carrier/hyCarrier/add', { carrierName: '承运', creditCode: `${code17}XX` })
      ).json().message,
    ).toBe('请输入正确的统一社会信用代码');
    const good = `${code17}5${creditCodeCheckChar(`${code17}5`)}`;
    expect(
      (
        await call('POST', '/carrier/hyCarrier/add', {
          carrierName: '南京顺达运输有限公司',
          creditCode: good,
        })
      ).json().success,
    ).toBe(true);
  });

  it('moves drivers through review: approve, reject needs a reason, resubmit, illegal transitions refused, counters follow', async () => {
    const counts = async () => (await call('GET', '/hydriver/hyDriver/getDsXx')).json().result;
    const before = await counts();
    const added = await call('POST', '/hydriver/hyDriver/add', driver());
    expect(added.json()).toMatchObject({ success: true });
    expect(
      (
        await call(
          'POST',
          '/hydriver/hyDriver/add',
          driver({ driverName: '李强', idCard: idCard('32010219900101123') }),
        )
      ).json().success,
    ).toBe(true);
    expect((await counts()).sijiCount).toBe(before.sijiCount + 2);

    const pending = (await call('GET', '/hydriver/hyDriver/list?state=1')).json().result.records;
    expect(pending.every((d: { state: number }) => d.state === 1)).toBe(true);
    const a = pending.find((d: { driverName: string }) => d.driverName === '张伟');
    const b = pending.find((d: { driverName: string }) => d.driverName === '李强');
    expect(a.state_dictText).toBe('待审核');
    const shipper = await t.login('shipper');
    expect(
      (await call('POST', '/hydriver/hyDriver/review', { id: a.id, state: 2 }, shipper)).statusCode,
    ).toBe(403);
    expect((await call('POST', '/hydriver/hyDriver/review', { id: a.id, state: 2 })).json().message).toBe(
      '审核通过',
    );
    const noReason = await call('POST', '/hydriver/hyDriver/review', { id: b.id, state: 3 });
    expect(noReason.json().message).toBe('驳回时必须填写原因');
    expect(
      (
        await call('POST', '/hydriver/hyDriver/review', { id: b.id, state: 3, reason: '驾驶证照片模糊' })
      ).json().success,
    ).toBe(true);
    expect((await counts()).sijiCount).toBe(before.sijiCount);
    // Approved and rejected records cannot be reviewed again.
    expect(
      (await call('POST', '/hydriver/hyDriver/review', { id: a.id, state: 3, reason: 'x' })).json().message,
    ).toBe('只有待审核的记录可以审核');
    expect((await call('POST', '/hydriver/hyDriver/submit', { id: a.id })).json().success).toBe(false);
    // Editing a rejected driver sends it back to review.
    const edited = await call('PUT', '/hydriver/hyDriver/edit', {
      ...driver({ driverName: '李强', idCard: idCard('32010219900101123') }),
      id: b.id,
    });
    expect(edited.json().message).toBe('编辑成功!');
    expect((await call('GET', `/hydriver/hyDriver/queryById?id=${b.id}`)).json().result.state).toBe(1);
    const timeline = (await call('GET', `/hydriver/hyDriver/reviewLog?id=${b.id}`)).json().result;
    expect(
      timeline.map((s: { fromState: number; toState: number }) => `${s.fromState}>${s.toState}`),
    ).toEqual(['1>3', '3>1']);
    expect(timeline[0]).toMatchObject({ reason: '驾驶证照片模糊', operator: 'admin' });
  });

  it('refuses a bank card whose holder is not the driver without a captain agreement, and checks Luhn', async () => {
    const [d] = (await call('GET', '/hydriver/hyDriver/list?driverName=张伟')).json().result.records;
    const base = { driverId: d.id, holderName: '张伟', holderIdCard: d.idCard, bankCode: 'ICBC' };
    const valid = card('622202020011223344');
    const broken = valid.slice(0, -1) + String((Number(valid.slice(-1)) + 1) % 10);
    expect(
      (await call('POST', '/hydriverbank/hyDriverBank/add', { ...base, cardNo: broken })).json().message,
    ).toBe('请输入正确的银行卡号');
    expect(
      (
        await call('POST', '/hydriverbank/hyDriverBank/add', {
          ...base,
          cardNo: card('622202020011223344'),
          isDefault: true,
        })
      ).json().success,
    ).toBe(true);
    const other = await call('POST', '/hydriverbank/hyDriverBank/add', {
      ...base,
      holderName: '王五',
      holderIdCard: idCard('32010219700101001'),
      cardNo: card('622848001122334455'),
    });
    expect(other.json().message).toBe('持卡人与司机不一致，且没有车队长代收运费协议');
  });

  it('binds drivers and vehicles and filters certificates expiring within N days', async () => {
    const [d] = (await call('GET', '/hydriver/hyDriver/list?driverName=张伟')).json().result.records;
    const [v] = (await call('GET', '/hyvehicle/hyVehicle/list')).json().result.records;
    expect(
      (
        await call('POST', '/hydriver/hyDriver/bindVehicle', {
          driverId: d.id,
          vehicleId: v.id,
          isDefault: true,
        })
      ).json().success,
    ).toBe(true);
    expect((await call('GET', `/hydriver/hyDriver/vehicles?driverId=${d.id}`)).json().result).toEqual([
      expect.objectContaining({ id: v.id, isDefault: true }),
    ]);
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await call(
      'POST',
      '/hydriver/hyDriver/add',
      driver({
        driverName: '周敏',
        idCard: idCard('32010219880808666'),
        drivingValidFrom: '2016-01-01',
        drivingValidTo: soon,
      }),
    );
    const expiring = (await call('GET', '/hydriver/hyDriver/list?expiringWithinDays=30')).json().result
      .records;
    expect(expiring.map((x: { driverName: string }) => x.driverName)).toEqual(['周敏']);
    expect(
      (await call('POST', '/hydriver/hyDriver/blacklist', { id: d.id, blacklisted: true })).json().message,
    ).toBe('加入黑名单必须填写原因');
    expect(
      (
        await call('POST', '/hydriver/hyDriver/blacklist', {
          id: d.id,
          blacklisted: true,
          reason: '多次虚假装货',
        })
      ).json().success,
    ).toBe(true);
  });

  it('reviews shippers, moving the pending-shipper counter', async () => {
    const before = (await call('GET', '/hydriver/hyDriver/getDsXx')).json().result.huozhuCount;
    const [pendingCustomer] = (await call('GET', '/customer/hyCustomer/list?state=1')).json().result.records;
    expect(
      (await call('POST', '/customer/hyCustomer/review', { id: pendingCustomer.id, state: 2 })).json()
        .success,
    ).toBe(true);
    expect((await call('GET', '/hydriver/hyDriver/getDsXx')).json().result.huozhuCount).toBe(before - 1);
  });
});
