// Fixtures of the shipping API tests: approved drivers bound to approved vehicles, orders, and notes driven
// through their steps over the real routes (app.inject), so the tests exercise exactly what the console calls.
import { residentIdCheckChar, SAMPLE_ORDER_ROUTE, USER_TYPE } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { hyDriver, hyVehicle } from '../modules/freight/index.ts';
import { sysUser, sysUserRole } from '../modules/system/index.ts';
import { hashPassword } from '../platform/auth/crypto.ts';
import { stableId } from '../seed/seed.ts';
import type { TestApp } from './harness.ts';

export const api = (path: string) => `/jeecg-boot${path}`;
export const CUSTOMERS = {
  /** 苏州恒达建材: per trip (趟结), the `shipper` account's customer. */
  hengda: stableId('customer', 'hengda-build'),
  /** 华东钢铁: monthly + 30 days, administered by `shipper_admin`. */
  eastSteel: stableId('customer', 'east-steel'),
  /** 鲁西化工: per approval + 7 days. */
  luxi: stableId('customer', 'luxi-chem'),
  /** 合肥丰收: still pending review. */
  hefei: stableId('customer', 'hefei-grain'),
};
export const AGENT01 = stableId('agent', 'agent01');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface Envelope {
  success: boolean;
  message: string;
  code: number;
  result: Record<string, unknown> & { records?: Array<Record<string, unknown>>; total?: number };
}

export class ShippingKit {
  private seq = 0;
  private adminToken: string | undefined;
  constructor(
    readonly t: TestApp,
    admin?: string,
  ) {
    this.adminToken = admin;
  }

  /** A kit on the enclosing `describe`'s app, its administrator signed in before the tests. */
  static use<K extends ShippingKit>(this: new (t: TestApp) => K, t: TestApp): K {
    const kit = new this(t);
    beforeAll(async () => {
      kit.adminToken = await t.login('admin');
    });
    return kit;
  }

  /** The administrator's token: the calls' token unless another is given. */
  get admin(): string {
    if (this.adminToken === undefined) throw new Error('the kit signs its administrator in beforeAll');
    return this.adminToken;
  }

  async call(method: Method, path: string, payload?: object, token = this.admin): Promise<Envelope> {
    const res = await this.t.call(token, { method, url: api(path), payload });
    return res.json() as Envelope;
  }

  async ok(method: Method, path: string, payload?: object, token = this.admin): Promise<Envelope> {
    const body = await this.call(method, path, payload, token);
    if (!body.success) throw new Error(`${method} ${path}: ${body.message}`);
    return body;
  }

  /** A call the server must refuse: fails on an answer of success, else gives the refusal's message. */
  async refused(method: Method, path: string, payload?: object, token = this.admin): Promise<string> {
    const body = await this.call(method, path, payload, token);
    if (body.success) throw new Error(`${method} ${path}: accepted, expected a refusal`);
    return body.message;
  }

  async get(path: string, query: Record<string, unknown> = {}, token = this.admin): Promise<Envelope> {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return this.call('GET', qs ? `${path}?${qs}` : path, undefined, token);
  }

  /** Completes what the regulator needs of a driver and vehicle and the kit's parties lack (issuer, type, energy). */
  async reportable<P extends { driverId: string; vehicleId: string; idCard: string }>(party: P): Promise<P> {
    await this.t.db
      .update(hyDriver)
      .set({ drivingIssuer: '南京市公安局交通警察支队', qualificationNo: party.idCard })
      .where(eq(hyDriver.id, party.driverId));
    await this.t.db
      .update(hyVehicle)
      .set({ vehicleType: 'Q11', energyType: 'B', owner: '南京顺达运输有限公司', useCharacter: '货运' })
      .where(eq(hyVehicle.id, party.vehicleId));
    return party;
  }

  /** An approved driver bound to an approved 32 t truck, both with valid certificates. */
  async driverWithVehicle(options: { approve?: boolean; bind?: boolean } = {}) {
    const n = ++this.seq;
    const body17 = `32010219850315${String(100 + n).padStart(3, '0')}`;
    const idCard = body17 + residentIdCheckChar(body17);
    const plateNo = `苏E${String(10_000 + n).slice(-5)}`;
    await this.ok('POST', '/hydriver/hyDriver/add', {
      driverName: `司机${n}`,
      mobile: `139${String(10_000_000 + n).slice(-8)}`,
      idCard,
      drivingClass: 'A2',
      drivingValidFrom: '2020-01-01',
      drivingValidTo: '2035-01-01',
      idCardValidTo: '2035-01-01',
    });
    await this.ok('POST', '/hyvehicle/hyVehicle/add', {
      plateNo,
      ratedLoadKg: 32_000,
      grossMassKg: 49_000,
      roadTransportNo: `3201000${String(n).padStart(5, '0')}`,
      licenseValidTo: '2035-01-01',
      roadTransportValidTo: '2035-01-01',
    });
    const driverId = String((await this.get('/hydriver/hyDriver/list', { idCard })).result.records?.[0]?.id);
    const vehicleId = String(
      (await this.get('/hyvehicle/hyVehicle/list', { plateNo })).result.records?.[0]?.id,
    );
    if (options.approve !== false) {
      await this.ok('POST', '/hydriver/hyDriver/review', { id: driverId, state: 2 });
      await this.ok('POST', '/hyvehicle/hyVehicle/review', { id: vehicleId, state: 2 });
    }
    if (options.bind !== false)
      await this.ok('POST', '/hydriver/hyDriver/bindVehicle', { driverId, vehicleId, isDefault: true });
    return { driverId, vehicleId, plateNo, idCard };
  }

  orderBody(over: Record<string, unknown> = {}) {
    return {
      customerId: CUSTOMERS.hengda,
      goodsName: '螺纹钢',
      cargoType: '0400',
      ...SAMPLE_ORDER_ROUTE,
      plannedWeightG: 320_000_000,
      priceMode: 1,
      driverUnitPriceFen: 15_000,
      settleWeightBasis: 2,
      lossAllowanceMode: 1,
      lossAllowanceValue: 200_000,
      lossUnitPriceFen: 200_000,
      serviceFeeMode: 1,
      serviceFeeValue: 600,
      ...over,
    };
  }

  /** A published order; returns its id. */
  async order(over: Record<string, unknown> = {}, token = this.admin): Promise<string> {
    const body = this.orderBody(over);
    await this.ok('POST', '/order/hyOrder/add', body, token);
    const list = await this.get('/order/hyOrder/list', { column: 'createTime', order: 'desc' }, token);
    const id = String(list.result.records?.[0]?.id);
    await this.ok('POST', '/order/hyOrder/publish', { id }, token);
    return id;
  }

  async dispatch(orderId: string, party: { driverId: string; vehicleId: string }, over: object = {}) {
    const res = await this.ok('POST', '/shipping/hyShippingNote/dispatch', { orderId, ...party, ...over });
    return res.result as Record<string, unknown> & { id: string; shippingNoteNumber: string };
  }

  async note(id: string, token = this.admin) {
    return (await this.get('/shipping/hyShippingNote/queryById', { id }, token)).result;
  }

  /** Runs the happy path from the note's current state up to (and including) `until`. */
  async drive(
    id: string,
    until: 'accept' | 'load' | 'depart' | 'unload' | 'sign' | 'audit',
    weights = { load: 32_150_000, unload: 31_800_000 },
  ) {
    const steps: Array<[string, object]> = [
      ['accept', { id }],
      ['load', { id, loadWeightG: weights.load, loadPhoto: 'weighbridge/load.jpg' }],
      ['depart', { id }],
      ['unload', { id, unloadWeightG: weights.unload, unloadPhoto: 'weighbridge/unload.jpg' }],
      ['sign', { id }],
      ['audit', { id }],
    ];
    for (const [action, body] of steps) {
      await this.ok('POST', `/shipping/hyShippingNote/${action}`, body);
      if (action === until) break;
    }
  }

  /** Dispatches the party on the order and drives the note up to `until`; answers its id and the note then. */
  async trip(
    orderId: string,
    party: { driverId: string; vehicleId: string },
    until: Parameters<ShippingKit['drive']>[1],
    weights?: Parameters<ShippingKit['drive']>[2],
  ) {
    const { id } = await this.dispatch(orderId, party);
    await this.drive(id, until, weights);
    return { id, note: await this.note(id) };
  }

  /** A user of another type (e.g. a second agent) with the seeded role of that type. */
  async user(username: string, userType: number, cid: string | null, role: string): Promise<string> {
    const id = stableId('user', username);
    await this.t.db
      .insert(sysUser)
      .values({
        id,
        username,
        realname: username,
        password: await hashPassword('Freight#2026'),
        passwordChangedAt: new Date(),
        userType,
        cid,
        status: 1,
        createBy: 'test',
      })
      .onConflictDoNothing();
    await this.t.db
      .insert(sysUserRole)
      .values({ userId: id, roleId: stableId('role', role) })
      .onConflictDoNothing();
    return this.t.login(username);
  }

  static readonly AGENT = USER_TYPE.agent;
}
