import { maskIdCard, REVIEW_STATE } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { piiEq } from '../../platform/crypto/piiColumn.ts';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { CARD_MSG } from './cards.ts';
import { hyDriver, hyDriverBank, hyReviewLog } from './partySchema.ts';
import {
  api,
  caller,
  card,
  compareVersions,
  creditCode,
  dayFromNow,
  idCard,
  upload,
  userWithCodes,
  workbook,
} from './partyTestKit.ts';
import { PENDING_COUNTS_TTL_MS } from './pendingCounters.ts';

describe('freight parties', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin', shipper: 'shipper' });
  const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, () => tokens.admin)(...args);
  const message = async (method: 'POST' | 'PUT', path: string, body: object) =>
    (await call(method, path, body)).json().message as string;

  let seq = 0;
  /** A driver body with a fresh valid ID number (born 1980-1999). */
  const driver = (over: object = {}) => {
    seq++;
    const birth = `${1980 + (seq % 20)}${String((seq % 12) + 1).padStart(2, '0')}${String((seq % 28) + 1).padStart(2, '0')}`;
    const body17 = `320102${birth}${String(seq % 1000).padStart(3, '0')}`;
    return {
      driverName: `司机${seq}`,
      mobile: `138${String(10_000_000 + seq).slice(-8)}`,
      idCard: idCard(body17),
      drivingClass: 'A2',
      drivingValidFrom: '2020-01-01',
      drivingValidTo: dayFromNow(900),
      ...over,
    };
  };
  const addDriver = async (over: object = {}) => {
    const body = driver(over);
    const res = await call('POST', '/hydriver/hyDriver/add', body);
    expect(res.json(), JSON.stringify(res.json())).toMatchObject({ success: true });
    const [row] = await t.db.select().from(hyDriver).where(piiEq(hyDriver.idCard, body.idCard));
    return row;
  };
  let plateSeq = 0;
  const plate = () => `苏E${String(10_000 + ++plateSeq).slice(-5)}`;
  const addVehicle = async (over: object = {}) => {
    const plateNo = plate();
    const res = await call('POST', '/hyvehicle/hyVehicle/add', { plateNo, plateColor: '2', ...over });
    expect(res.json(), JSON.stringify(res.json())).toMatchObject({ success: true });
    return (await call('GET', `/hyvehicle/hyVehicle/list?plateNo=${encodeURIComponent(plateNo)}`)).json()
      .result.records[0];
  };

  /** A captain added through the console; answers its list row. */
  const addCaptain = async (captainName: string, idCardNo: string, mobile: string) => {
    await call('POST', '/captain/hyCaptain/add', { captainName, idCard: idCardNo, mobile });
    return (
      await call('GET', `/captain/hyCaptain/list?captainName=${encodeURIComponent(captainName)}`)
    ).json().result.records[0];
  };

  it('validates every identifier on the server: valid samples pass, invalid ones fail with the Chinese reason', async () => {
    // Resident ID: check character, real birth date, X in either case.
    expect(await message('POST', '/hydriver/hyDriver/add', driver({ idCard: '320102198503154710' }))).toBe(
      '请输入正确的身份证号',
    );
    expect(
      await message('POST', '/hydriver/hyDriver/add', driver({ idCard: idCard('32010219850231123') })),
    ).toBe('请输入正确的身份证号');
    const withX = idCard('11010519491231002');
    expect(withX.endsWith('X')).toBe(true);
    expect(await message('POST', '/hydriver/hyDriver/add', driver({ idCard: withX.toLowerCase() }))).toBe(
      '添加成功！',
    );
    // Mobile: 11 digits, 1 then 3-9.
    for (const bad of ['12812345678', '1381234567', '138123456789', '2381234567a'])
      expect(await message('POST', '/hydriver/hyDriver/add', driver({ mobile: bad }))).toBe(
        '请输入正确的手机号码',
      );
    expect(await message('POST', '/hydriver/hyDriver/add', driver({ mobile: '19912345678' }))).toBe(
      '添加成功！',
    );
    // Dates ordered and real.
    expect(
      await message(
        'POST',
        '/hydriver/hyDriver/add',
        driver({ drivingValidFrom: '2031-01-01', drivingValidTo: '2030-01-01' }),
      ),
    ).toBe('有效期止不能早于有效期起');
    expect(await message('POST', '/hydriver/hyDriver/add', driver({ drivingValidTo: '2030-02-30' }))).toBe(
      '日期不存在',
    );
    // Plates: standard, small and large new-energy, trailer; wrong shapes refused; colour fits the kind.
    for (const good of [
      ['苏A12345', '2'],
      ['京AD12345', '5'],
      ['粤B12345F', '93'],
      ['鲁Q1234挂', '2'],
      ['沪a-c1234', '1'],
    ])
      expect(
        await message('POST', '/hyvehicle/hyVehicle/add', { plateNo: good[0], plateColor: good[1] }),
        good[0],
      ).toBe('添加成功！');
    for (const bad of ['苏A12', '苏I12345', 'XA12345', '苏AO1234', '苏A123456'])
      expect(await message('POST', '/hyvehicle/hyVehicle/add', { plateNo: bad }), bad).toBe(
        '请输入正确的车牌号',
      );
    expect(await message('POST', '/hyvehicle/hyVehicle/add', { plateNo: '苏AF54321', plateColor: '2' })).toBe(
      '新能源车牌的颜色应为绿色、黄绿色或渐变绿色',
    );
    expect(await message('POST', '/hyvehicle/hyVehicle/add', { plateNo: plate(), grossMassKg: 49000 })).toBe(
      '总质量4.5吨以上的车辆必须填写道路运输证号',
    );
    expect(
      await message('POST', '/hyvehicle/hyVehicle/add', { plateNo: plate(), vin: 'LSVAM4187C2I84523' }),
    ).toBe('车辆识别代号应为17位（不含 I、O、Q）');
    // Unified social credit code (mod-31 check).
    const good = creditCode('91320100MA1X2Y3K4');
    const bad = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect(await message('POST', '/carrier/hyCarrier/add', { carrierName: '承运', creditCode: bad })).toBe(
      '请输入正确的统一社会信用代码',
    );
    expect(
      await message('POST', '/carrier/hyCarrier/add', {
        carrierName: '南京顺达运输有限公司',
        creditCode: good,
      }),
    ).toBe('添加成功！');
    // Captains and agents: ID and mobile.
    expect(
      await message('POST', '/captain/hyCaptain/add', {
        captainName: '车队长',
        idCard: '123',
        mobile: '13900001111',
      }),
    ).toBe('请输入正确的身份证号');
    expect(
      await message('POST', '/agent/hyAgent/add', {
        agentName: '经纪人',
        idCard: idCard('32010219800101555'),
        mobile: '1390000111',
      }),
    ).toBe('请输入正确的手机号码');
    // Bank card: Luhn.
    const d = await addDriver();
    const valid = card('622202020011223344');
    const broken = valid.slice(0, -1) + String((Number(valid.slice(-1)) + 1) % 10);
    const cardBody = { driverId: d.id, holderName: d.driverName, holderIdCard: d.idCard, bankCode: 'ICBC' };
    expect(await message('POST', '/hydriverbank/hyDriverBank/add', { ...cardBody, cardNo: broken })).toBe(
      '请输入正确的银行卡号',
    );
    expect(
      await message('POST', '/hydriverbank/hyDriverBank/add', { ...cardBody, cardNo: '6222 0200' }),
    ).toBe('请输入正确的银行卡号');
    expect(
      await message('POST', '/hydriverbank/hyDriverBank/add', {
        ...cardBody,
        cardNo: valid.replace(/(\d{4})/g, '$1 '),
      }),
    ).toBe('添加成功！');
    expect(
      await message('POST', '/hydriverbank/hyDriverBank/add', {
        ...cardBody,
        cardNo: card('622848001122334455'),
        bankCode: 'NOPE',
      }),
    ).toBe('开户银行不存在或已停用');
  });

  it('keeps a version of every edit of a driver in the data log, comparable side by side', async () => {
    const row = await addDriver();
    const edit = await call('PUT', '/hydriver/hyDriver/edit', { ...row, driverName: '改名司机', id: row.id });
    expect(edit.json().success).toBe(true);
    const versions = (
      await call('GET', `/sys/dataLog/queryDataVerList?dataTable=hy_driver&dataId=${row.id}`)
    ).json().result as Array<{ id: string; dataVersion: number }>;
    expect(versions.map((v) => v.dataVersion).sort()).toEqual([1, 2]);
    const compared = await compareVersions(call, versions[0].id, versions[1].id);
    const names = compared.map((v) => JSON.parse(v.dataContent).driverName).sort();
    expect(names).toEqual([row.driverName, '改名司机'].sort());
  });

  it('keeps no password in the data log of a user', async () => {
    const users = (await call('GET', '/sys/user/list?username=shipper')).json().result.records;
    const shipperUser = users.find((u: { username: string }) => u.username === 'shipper');
    const edited = await call('PUT', '/sys/user/edit', { ...shipperUser, realname: '货主员工（改）' });
    expect(edited.json().success).toBe(true);
    const versions = (
      await call('GET', `/sys/dataLog/queryDataVerList?dataTable=sys_user&dataId=${shipperUser.id}`)
    ).json().result as Array<{ dataContent: string }>;
    expect(versions.length).toBeGreaterThan(0);
    expect(JSON.parse(versions[0].dataContent).realname).toBe('货主员工（改）');
    expect(JSON.stringify(versions)).not.toMatch(/argon2|"password"/);
  });

  it('runs the review state machine on every party: 1→2, 1→3 with a reason, 3→1 resubmit, illegal moves refused, each step logged', async () => {
    const v = await addVehicle();
    const d = await addDriver();
    const c = (await call('POST', '/carrier/hyCarrier/add', { carrierName: '审核承运人' })).json();
    expect(c.success).toBe(true);
    const carrier = (await call('GET', '/carrier/hyCarrier/list?carrierName=审核承运人')).json().result
      .records[0];
    const captain = await addCaptain('审核车队长', idCard('32010219770707777'), '13900007777');
    await call('POST', '/agent/hyAgent/add', {
      agentName: '审核经纪人',
      idCard: idCard('32010219760606666'),
      mobile: '13900006666',
    });
    const agent = (await call('GET', '/agent/hyAgent/list?agentName=审核经纪人')).json().result.records[0];
    await call('POST', '/hydriverbank/hyDriverBank/add', {
      driverId: d.id,
      holderName: d.driverName,
      holderIdCard: d.idCard,
      bankCode: 'CCB',
      cardNo: card('621700001234567890'),
    });
    const bankCard = (await call('GET', `/hydriverbank/hyDriverBank/list?driverId=${d.id}`)).json().result
      .records[0];

    const parties: Array<[string, string]> = [
      ['/hydriver/hyDriver', d.id],
      ['/hyvehicle/hyVehicle', v.id],
      ['/carrier/hyCarrier', carrier.id],
      ['/captain/hyCaptain', captain.id],
      ['/agent/hyAgent', agent.id],
      ['/hydriverbank/hyDriverBank', bankCard.id],
    ];
    for (const [path, id] of parties) {
      const state = async () => (await call('GET', `${path}/queryById?id=${id}`)).json().result.state;
      expect(await state(), path).toBe(REVIEW_STATE.pending);
      // Only 2 or 3 may be asked for; a rejection needs its reason.
      expect((await call('POST', `${path}/review`, { id, state: 4 })).statusCode, path).toBe(400);
      expect((await call('POST', `${path}/review`, { id, state: 3 })).json().message, path).toBe(
        '驳回时必须填写原因',
      );
      expect(
        (await call('POST', `${path}/review`, { id, state: 3, reason: '证件照片不清晰' })).json().message,
      ).toBe('已驳回');
      expect(await state()).toBe(REVIEW_STATE.rejected);
      // A rejected record is not reviewed again until resubmitted.
      expect((await call('POST', `${path}/review`, { id, state: 2 })).json().message).toBe(
        '只有待审核的记录可以审核',
      );
      expect((await call('POST', `${path}/submit`, { id })).json().message).toBe('已提交审核');
      expect(await state()).toBe(REVIEW_STATE.pending);
      expect((await call('POST', `${path}/submit`, { id })).json().message).toBe('该记录无需重新提交');
      expect((await call('POST', `${path}/review`, { id, state: 2 })).json().message).toBe('审核通过');
      expect(await state()).toBe(REVIEW_STATE.approved);
      // An approved record cannot be rejected, approved again or resubmitted.
      expect((await call('POST', `${path}/review`, { id, state: 3, reason: 'x' })).json().message).toBe(
        '只有待审核的记录可以审核',
      );
      expect((await call('POST', `${path}/submit`, { id })).json().message).toBe('该记录无需重新提交');
      const log = (await call('GET', `${path}/reviewLog?id=${id}`)).json().result;
      expect(
        log.map((s: { fromState: number; toState: number }) => `${s.fromState}>${s.toState}`),
        path,
      ).toEqual(['1>3', '3>1', '1>2']);
      expect(log[0]).toMatchObject({ reason: '证件照片不清晰', operator: 'admin' });
      expect(log[2].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((await call('GET', `${path}/reviewLog?id=nope`)).json().message).toBe('未找到对应数据');
    }

    // A draft (0) is submitted to 1; an expired (4) record re-enters 1 when edited.
    const draft = await addDriver();
    await t.db.update(hyDriver).set({ state: REVIEW_STATE.draft }).where(eq(hyDriver.id, draft.id));
    expect((await call('POST', '/hydriver/hyDriver/review', { id: draft.id, state: 2 })).json().message).toBe(
      '只有待审核的记录可以审核',
    );
    expect((await call('POST', '/hydriver/hyDriver/submit', { id: draft.id })).json().success).toBe(true);
    const expired = await addDriver();
    await t.db.update(hyDriver).set({ state: REVIEW_STATE.expired }).where(eq(hyDriver.id, expired.id));
    const { id: _id, state: _s, tenantId: _t, ...editable } = expired;
    const edited = await call('PUT', '/hydriver/hyDriver/edit', {
      id: expired.id,
      driverName: editable.driverName,
      mobile: editable.mobile,
      idCard: editable.idCard,
      drivingValidTo: dayFromNow(2000),
    });
    expect(edited.json().message).toBe('编辑成功!');
    const rows = await t.db.select().from(hyReviewLog).where(eq(hyReviewLog.entityId, expired.id));
    expect(rows.map((r) => `${r.fromState}>${r.toState}:${r.reason}`)).toEqual(['4>1:修改后重新提交']);
    // A state sent with an edit is ignored: review is the only way to 2.
    await call('PUT', '/hydriver/hyDriver/edit', {
      id: expired.id,
      driverName: '改名',
      mobile: editable.mobile,
      idCard: editable.idCard,
      state: 2,
    });
    expect((await call('GET', `/hydriver/hyDriver/queryById?id=${expired.id}`)).json().result.state).toBe(1);
  });

  it('moves the header counters with submissions and reviews, caching them briefly in between', async () => {
    const counts = async () => (await call('GET', '/hydriver/hyDriver/getDsXx')).json().result;
    const before = await counts();
    const a = await addDriver();
    const b = await addDriver();
    await addVehicle();
    const afterAdd = await counts();
    expect(afterAdd.sijiCount).toBe(before.sijiCount + 2);
    expect(afterAdd.cheCount).toBe(before.cheCount + 1);
    // A pending driver written behind the API's back is not seen until the cache lapses or is dropped…
    await t.db.insert(hyDriver).values({
      ...driver(),
      drivingValidFrom: null,
      state: REVIEW_STATE.pending,
    });
    expect((await counts()).sijiCount).toBe(afterAdd.sijiCount);
    expect(PENDING_COUNTS_TTL_MS).toBeLessThanOrEqual(30_000);
    // …and a review drops it: the figure is the database's again (+1 written, −1 approved, −1 rejected).
    await call('POST', '/hydriver/hyDriver/review', { id: a.id, state: 2 });
    expect((await counts()).sijiCount).toBe(afterAdd.sijiCount);
    await call('POST', '/hydriver/hyDriver/review', { id: b.id, state: 3, reason: '信息不全' });
    expect((await counts()).sijiCount).toBe(afterAdd.sijiCount - 1);
    // The `state=1` list shows exactly the pending drivers the counter counts.
    const pending = (await call('GET', '/hydriver/hyDriver/list?state=1&pageSize=100')).json().result;
    expect(pending.total).toBe((await counts()).sijiCount);
    expect(
      pending.records.every(
        (r: { state: number; state_dictText: string }) => r.state === 1 && r.state_dictText === '待审核',
      ),
    ).toBe(true);
    // Resubmitting the rejected one counts it again at once.
    await call('POST', '/hydriver/hyDriver/submit', { id: b.id });
    expect((await counts()).sijiCount).toBe(afterAdd.sijiCount);
  });

  it('checks the permission of every action: a user with list and review only is refused the rest with 403', async () => {
    const reviewer = await userWithCodes(t, 'driver_reviewer', ['driver:list', 'driver:review']);
    const d = await addDriver();
    const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
      t.call(reviewer, { method, url: api(path), payload });
    expect((await as('GET', '/hydriver/hyDriver/list')).statusCode).toBe(200);
    expect((await as('GET', `/hydriver/hyDriver/queryById?id=${d.id}`)).statusCode).toBe(200);
    expect((await as('GET', `/hydriver/hyDriver/reviewLog?id=${d.id}`)).statusCode).toBe(200);
    expect((await as('POST', '/hydriver/hyDriver/add', driver())).statusCode).toBe(403);
    expect((await as('PUT', '/hydriver/hyDriver/edit', { ...driver(), id: d.id })).statusCode).toBe(403);
    expect((await as('DELETE', `/hydriver/hyDriver/delete?id=${d.id}`)).statusCode).toBe(403);
    expect((await as('DELETE', `/hydriver/hyDriver/deleteBatch?ids=${d.id}`)).statusCode).toBe(403);
    expect((await as('GET', '/hydriver/hyDriver/exportXls')).statusCode).toBe(403);
    expect((await as('POST', '/hydriver/hyDriver/importExcel')).statusCode).toBe(403);
    expect((await as('GET', '/hydriver/hyDriver/importTemplate')).statusCode).toBe(403);
    expect((await as('POST', '/hydriver/hyDriver/submit', { id: d.id })).statusCode).toBe(403);
    expect(
      (await as('POST', '/hydriver/hyDriver/blacklist', { id: d.id, blacklisted: true, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as('POST', '/hydriver/hyDriver/bindVehicle', { driverId: d.id, vehicleId: 'x' })).statusCode,
    ).toBe(403);
    expect((await as('GET', '/hyvehicle/hyVehicle/list')).statusCode).toBe(403);
    expect((await as('POST', '/hydriver/hyDriver/review', { id: d.id, state: 2 })).json().message).toBe(
      '审核通过',
    );

    // A customer's staff hold none of the party codes.
    const checks: Array<[string, string, object?]> = [];
    for (const base of [
      '/hydriver/hyDriver',
      '/hyvehicle/hyVehicle',
      '/carrier/hyCarrier',
      '/captain/hyCaptain',
      '/agent/hyAgent',
      '/hydriverbank/hyDriverBank',
      '/bank/hyBank',
    ]) {
      checks.push(['GET', `${base}/list`], ['POST', `${base}/add`, {}], ['PUT', `${base}/edit`, { id: 'x' }]);
      checks.push(['DELETE', `${base}/delete?id=x`], ['GET', `${base}/exportXls`]);
      if (base !== '/bank/hyBank') checks.push(['POST', `${base}/review`, { id: 'x', state: 2 }]);
    }
    checks.push(
      ['POST', '/captain/hyCaptain/agreement', {}],
      ['POST', '/hydriverbank/hyDriverBank/setDefault', { id: 'x' }],
    );
    for (const [method, path, payload] of checks) {
      const res = await t.call(tokens.shipper, { method: method as 'GET', url: api(path), payload });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    // Any signed-in user reads the bank choices of the card form.
    expect(
      (await t.call(tokens.shipper, { method: 'GET', url: api('/bank/hyBank/options') })).json().result
        .length,
    ).toBeGreaterThan(20);
  });

  it('gives the seeded operations account (operations01) the freight work and none of finance or system administration', async () => {
    const ops = await t.login('operations01');
    const as = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.call(ops, { method, url: api(path), payload });
    const d = await addDriver();
    for (const path of [
      '/hydriver/hyDriver/list?state=1',
      '/hyvehicle/hyVehicle/list',
      '/customer/hyCustomer/list',
      '/order/hyOrder/list',
      '/shipping/hyShippingNote/list',
      '/shipping/hyShippingNote/pay/list',
      '/hydriver/hyDriver/getDsXx',
    ])
      expect((await as('GET', path)).statusCode, path).toBe(200);
    expect(
      (await as('POST', '/hydriver/hyDriver/review', { id: d.id, state: 3, reason: '证件模糊' })).json(),
    ).toMatchObject({ success: true });
    for (const path of ['/sys/user/list', '/sys/role/list', '/sys/dict/list', '/sys/quartzJob/list'])
      expect((await as('GET', path)).statusCode, path).toBe(403);
    // They see what is due for payment; paying it is finance's.
    const granted = (await as('GET', '/sys/permission/getUserPermissionByToken')).json().result
      .auth as Array<{ action: string }>;
    const actions = new Set(granted.map((c) => c.action));
    expect(actions.has('driver:review')).toBe(true);
    expect(actions.has('shipping:pay:pay')).toBe(false);
  });

  it('binds drivers and vehicles many-to-many with one default per driver', async () => {
    const d1 = await addDriver();
    const d2 = await addDriver();
    const v1 = await addVehicle();
    const v2 = await addVehicle();
    const bind = (driverId: string, vehicleId: string, isDefault?: boolean) =>
      call('POST', '/hydriver/hyDriver/bindVehicle', { driverId, vehicleId, isDefault });
    const vehiclesOf = async (id: string) =>
      (await call('GET', `/hydriver/hyDriver/vehicles?driverId=${id}`)).json().result as Array<{
        id: string;
        isDefault: boolean;
      }>;
    expect((await bind(d1.id, v1.id)).json().message).toBe('绑定成功');
    // The first vehicle is the default one; another bound as default takes the mark over.
    expect(await vehiclesOf(d1.id)).toEqual([expect.objectContaining({ id: v1.id, isDefault: true })]);
    await bind(d1.id, v2.id, true);
    expect((await vehiclesOf(d1.id)).map((v) => [v.id, v.isDefault])).toEqual([
      [v2.id, true],
      [v1.id, false],
    ]);
    // One vehicle, several drivers.
    await bind(d2.id, v2.id);
    const drivers = (await call('GET', `/hyvehicle/hyVehicle/drivers?vehicleId=${v2.id}`)).json().result;
    expect(drivers.map((x: { id: string }) => x.id).sort()).toEqual([d1.id, d2.id].sort());
    // Unbinding the default hands the mark to the remaining vehicle.
    expect(
      (await call('DELETE', `/hydriver/hyDriver/unbindVehicle?driverId=${d1.id}&vehicleId=${v2.id}`)).json()
        .message,
    ).toBe('解绑成功');
    expect(await vehiclesOf(d1.id)).toEqual([expect.objectContaining({ id: v1.id, isDefault: true })]);
    expect((await bind(d1.id, 'missing')).json().message).toBe('司机或车辆不存在');
    // Deleting a vehicle drops its bindings.
    await call('DELETE', `/hyvehicle/hyVehicle/delete?id=${v1.id}`);
    expect(await vehiclesOf(d1.id)).toEqual([]);
  });

  it('keeps one default card per driver, and accepts a card held by someone else only under a captain collection agreement', async () => {
    const d = await addDriver();
    const own = { driverId: d.id, holderName: d.driverName, holderIdCard: d.idCard, bankCode: 'ABC' };
    const cards = async () =>
      (
        await call('GET', `/hydriverbank/hyDriverBank/list?driverId=${d.id}&column=createTime&order=asc`)
      ).json().result.records as Array<{
        id: string;
        isDefault: boolean;
        bankName: string;
        driverName: string;
      }>;
    await call('POST', '/hydriverbank/hyDriverBank/add', { ...own, cardNo: card('622848000000000001') });
    // The form pre-fills the driver's ID as the driver list shows it: it stands for the driver's own number.
    const masked = { ...own, holderIdCard: maskIdCard(d.idCard), cardNo: card('622848000000000002') };
    expect(
      (
        await call('POST', '/hydriverbank/hyDriverBank/add', {
          ...masked,
          holderIdCard: '110101********1234',
        })
      ).json().message,
    ).toBe(CARD_MSG.wholeIdCard);
    await call('POST', '/hydriverbank/hyDriverBank/add', masked);
    const [second] = await t.db
      .select({ holderIdCard: hyDriverBank.holderIdCard })
      .from(hyDriverBank)
      .where(piiEq(hyDriverBank.cardNo, masked.cardNo));
    expect(second?.holderIdCard).toBe(d.idCard);
    let list = await cards();
    // The first card is the default; the bank's name and the driver's are kept on the card.
    expect(list.map((c) => c.isDefault)).toEqual([true, false]);
    expect(list[0]).toMatchObject({ bankName: '中国农业银行', driverName: d.driverName });
    await call('POST', '/hydriverbank/hyDriverBank/add', {
      ...own,
      cardNo: card('622848000000000003'),
      isDefault: true,
    });
    expect((await cards()).map((c) => c.isDefault)).toEqual([false, false, true]);
    list = await cards();
    expect(
      (await call('POST', '/hydriverbank/hyDriverBank/setDefault', { id: list[1].id })).json().message,
    ).toBe('已设为默认银行卡');
    expect((await cards()).map((c) => c.isDefault)).toEqual([false, true, false]);
    // The database itself refuses a second default.
    await expect(
      t.db.update(hyDriverBank).set({ isDefault: true }).where(eq(hyDriverBank.id, list[0].id)),
    ).rejects.toThrow();
    // Deleting the default hands the mark to the newest remaining card.
    await call('DELETE', `/hydriverbank/hyDriverBank/delete?id=${list[1].id}`);
    expect((await cards()).map((c) => c.isDefault)).toEqual([false, true]);
    // Same number twice for one driver is refused.
    expect(
      (
        await call('POST', '/hydriverbank/hyDriverBank/add', { ...own, cardNo: card('622848000000000001') })
      ).json().message,
    ).toBe('数据库中已存在该记录');
    // The holder's name must match the ID.
    expect(
      (
        await call('POST', '/hydriverbank/hyDriverBank/add', {
          ...own,
          holderName: '别人',
          cardNo: card('622848000000000009'),
        })
      ).json().message,
    ).toBe('持卡人姓名与身份证号不一致');

    // The captain's card: refused until the driver is in the captain's fleet with a collection agreement.
    const captainId = idCard('32010219790909999');
    const captain = await addCaptain('孙车队', captainId, '13900009999');
    const captainCard = {
      ...own,
      holderName: '孙车队',
      holderIdCard: captainId,
      cardNo: card('621483000000000077'),
    };
    const refused = '持卡人与司机不一致，且没有车队长代收运费协议';
    const addCaptainCard = async () =>
      (await call('POST', '/hydriverbank/hyDriverBank/add', captainCard)).json().message;
    const agreement = async (terms: object) =>
      (
        await call('POST', '/captain/hyCaptain/agreement', {
          captainId: captain.id,
          driverId: d.id,
          ...terms,
        })
      ).json().message;
    expect(await addCaptainCard()).toBe(refused);
    expect(await agreement({ agreementImg: 'x/a.png' })).toBe('该司机不属于此车队长');
    expect(
      (await call('POST', '/captain/hyCaptain/addDriver', { captainId: captain.id, memberId: d.id })).json()
        .message,
    ).toBe('已加入车队');
    expect(await addCaptainCard()).toBe(refused);
    // An agreement that has ended does not count; a current one does.
    await agreement({
      agreementImg: 'agreement/2026/a.png',
      validFrom: '2024-01-01',
      validTo: dayFromNow(-3),
    });
    expect(await addCaptainCard()).toBe(refused);
    expect(
      await agreement({
        agreementNo: 'DS-2026-001',
        agreementImg: 'agreement/2026/a.png',
        validFrom: '2024-01-01',
        validTo: dayFromNow(365),
      }),
    ).toBe('代收运费协议已保存');
    expect(await addCaptainCard()).toBe('添加成功！');
    const members = (await call('GET', `/captain/hyCaptain/members?captainId=${captain.id}`)).json().result;
    expect(members.drivers).toEqual([
      expect.objectContaining({
        id: d.id,
        agreement: expect.objectContaining({ agreementNo: 'DS-2026-001' }),
      }),
    ]);
    // Vehicles join the fleet too, never two fleets at once.
    const v = await addVehicle();
    expect(
      (await call('POST', '/captain/hyCaptain/addVehicle', { captainId: captain.id, memberId: v.id })).json()
        .success,
    ).toBe(true);
    const other = await addCaptain('另一车队', idCard('32010219790101888'), '13900008888');
    expect(
      (await call('POST', '/captain/hyCaptain/addVehicle', { captainId: other.id, memberId: v.id })).json()
        .message,
    ).toBe('该司机或车辆已属于其他车队长，请先解除');
    expect(
      (await call('GET', `/captain/hyCaptain/members?captainId=${captain.id}`)).json().result.vehicles,
    ).toEqual([expect.objectContaining({ id: v.id })]);
    // Leaving the fleet ends the agreement: the captain's card is no longer accepted.
    await call('POST', '/captain/hyCaptain/removeDriver', { captainId: captain.id, memberId: d.id });
    expect(
      (
        await call('POST', '/hydriverbank/hyDriverBank/add', {
          ...captainCard,
          cardNo: card('621483000000000078'),
        })
      ).json().message,
    ).toBe(refused);
  });

  it('blacklists with a reason and filters certificates expiring within N days', async () => {
    const d = await addDriver();
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
      ).json().message,
    ).toBe('已加入黑名单');
    const row = (await call('GET', `/hydriver/hyDriver/queryById?id=${d.id}`)).json().result;
    expect(row).toMatchObject({ blacklisted: true, blacklistReason: '多次虚假装货' });
    expect(
      (await call('GET', '/hydriver/hyDriver/list?blacklisted=true'))
        .json()
        .result.records.map((r: { id: string }) => r.id),
    ).toContain(d.id);
    await call('POST', '/hydriver/hyDriver/blacklist', { id: d.id, blacklisted: false });
    expect((await call('GET', `/hydriver/hyDriver/queryById?id=${d.id}`)).json().result).toMatchObject({
      blacklisted: false,
      blacklistReason: null,
    });

    const soon = await addDriver({ drivingValidFrom: '2016-01-01', drivingValidTo: dayFromNow(10) });
    const later = await addDriver({ drivingValidTo: dayFromNow(60), qualificationValidTo: dayFromNow(200) });
    const within = async (days: number) =>
      (await call('GET', `/hydriver/hyDriver/list?expiringWithinDays=${days}&pageSize=100`))
        .json()
        .result.records.map((r: { id: string }) => r.id);
    expect(await within(30)).toContain(soon.id);
    expect(await within(30)).not.toContain(later.id);
    expect(await within(90)).toEqual(expect.arrayContaining([soon.id, later.id]));
    const v = await addVehicle({ licenseValidTo: dayFromNow(20) });
    const vehicles = (await call('GET', '/hyvehicle/hyVehicle/list?expiringWithinDays=30')).json().result
      .records;
    expect(vehicles.map((x: { id: string }) => x.id)).toContain(v.id);
  });

  it('imports drivers and vehicles from the downloadable template, reporting exactly the bad rows', async () => {
    const template = await call('GET', '/hydriver/hyDriver/importTemplate');
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    expect(header.slice(0, 3)).toEqual(['司机姓名', '手机号', '身份证号']);
    expect(book.worksheets[1].name).toBe('填写说明');

    const col = (title: string) => header.indexOf(title);
    const rows: unknown[][] = [];
    for (let i = 0; i < 12; i++) {
      const row: unknown[] = new Array(header.length).fill(null);
      row[col('司机姓名')] = `导入司机${i}`;
      row[col('手机号')] = `1370000${String(1000 + i)}`;
      row[col('身份证号')] = idCard(`440304200001${String(10 + i)}${String(100 + i)}`);
      row[col('准驾车型')] = 'A2';
      row[col('驾驶证有效期起')] = new Date(Date.UTC(2020, 0, 1));
      row[col('驾驶证有效期至')] = '2032-05-01';
      rows.push(row);
    }
    const good = String(rows[3][col('身份证号')]);
    rows[3][col('身份证号')] = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    rows[7][col('手机号')] = '12345';
    rows[10][col('身份证号')] = rows[2][col('身份证号')];
    const res = await upload(t, tokens.admin, '/hydriver/hyDriver/importExcel', await workbook(header, rows));
    const body = res.json();
    expect(body.result.errors).toEqual([
      { row: 5, message: '身份证号: 请输入正确的身份证号' },
      { row: 9, message: '手机号: 请输入正确的手机号码' },
      { row: 12, message: '数据库中已存在该记录' },
    ]);
    expect(body.result.msg).toBe('总上传行数：12，已导入行数：9，错误行数：3');
    const imported = (await call('GET', '/hydriver/hyDriver/list?driverName=导入司机0')).json().result
      .records[0];
    expect(imported).toMatchObject({
      state: 1,
      drivingValidFrom: '2020-01-01',
      drivingValidTo: '2032-05-01',
    });

    // Vehicles: dictionary fields may be written as their text, as the export writes them.
    const vt = await call('GET', '/hyvehicle/hyVehicle/importTemplate');
    expect(vt.statusCode).toBe(200);
    const vehicleSheet = await workbook(
      ['车牌号', '车牌颜色', '车辆类型', '能源类型', '车辆归属', '总质量(kg)', '道路运输证号'],
      [
        ['苏H88001', '黄色', '重型半挂牵引车', '柴油', '挂靠', 49000, '320100123456'],
        ['苏HD88002', '绿色', 'H01', 'C', '自有', 4400, null],
        ['苏H8800', '黄色', null, null, null, null, null],
      ],
    );
    const vr = (await upload(t, tokens.admin, '/hyvehicle/hyVehicle/importExcel', vehicleSheet)).json();
    expect(vr.result.errors).toEqual([{ row: 4, message: '车牌号: 请输入正确的车牌号' }]);
    const v = (await call('GET', '/hyvehicle/hyVehicle/list?plateNo=苏H88001')).json().result.records[0];
    expect(v).toMatchObject({
      plateColor: '2',
      vehicleType: 'Q11',
      energyType: 'B',
      ownership: 2,
      ownership_dictText: '挂靠',
    });

    // The export writes the filtered rows with dictionary texts.
    const exported = await call('GET', '/hyvehicle/hyVehicle/exportXls?plateNo=苏H88001');
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(out.worksheets[0].rowCount).toBe(2);
    const outHeader = (out.worksheets[0].getRow(1).values as unknown[]).map(String);
    expect(out.worksheets[0].getRow(2).getCell(outHeader.indexOf('车牌颜色')).value).toBe('黄色');
  });
});
