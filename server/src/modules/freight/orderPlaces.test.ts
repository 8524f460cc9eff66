import { ROUTE_DISTANCE_FACTOR_KEY } from '@freight/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { api, CUSTOMERS, ShippingKit } from '../../test/shippingKit.ts';
import { ROUTE_PROVIDER_KEY, setRouteProvider } from './routeDistance.ts';

// Places on orders: pins inside China, contacts with phone validation, loading and unloading time
// windows, the planned route distance, and each shipper's saved addresses and routes.

/** Two pins one degree of latitude apart on the same meridian (120°E, 30°N → 31°N). */
const ONE_DEGREE = { loadLng: 120, loadLat: 30, unloadLng: 120, unloadLat: 31 };

describe('places on orders', () => {
  const t = useTestApp();
  const k = ShippingKit.use(t);
  const tokens = useLogins(t, { shipper: 'shipper', shipperAdmin: 'shipper_admin' });

  afterEach(() => setRouteProvider(null));

  /** Adds a draft order and answers its stored row. */
  async function draft(over: Record<string, unknown>) {
    await k.ok('POST', '/order/hyOrder/add', k.orderBody({ goodsName: `钢材${Math.random()}`, ...over }));
    const list = await k.get('/order/hyOrder/list', { column: 'createTime', order: 'desc' });
    const id = String(list.result.records?.[0]?.id);
    return (await k.get('/order/hyOrder/queryById', { id })).result;
  }

  async function setConfig(configKey: string, valueType: string, configValue: string) {
    const found = await k.get('/hyconfig/hyConfig/list', { configKey });
    const exists = (found.result.records ?? []).some((r) => r.configKey === configKey);
    if (exists)
      await k.ok('PUT', '/hyconfig/hyConfig/edit', { id: configKey, configKey, valueType, configValue });
    else await k.ok('POST', '/hyconfig/hyConfig/add', { configKey, valueType, configValue });
  }

  it('stores the planned distance: straight line × route_distance_factor, recomputed on edit', async () => {
    // 1° of latitude = 6 371 008.8 m × π / 180 = 111 195.08 m; × 1.3 = 144 553.6 m → 144.6 km.
    const order = await draft(ONE_DEGREE);
    expect(order.plannedDistanceKm).toBe(144.6);
    expect(order).toMatchObject({
      loadAreaCode: '320113',
      loadDistrict: '栖霞区',
      loadLng: 120,
      loadLat: 30,
    });

    // With the factor at 1.5: 111 195.08 m × 1.5 = 166 792.6 m → 166.8 km, on the next edit.
    await setConfig(ROUTE_DISTANCE_FACTOR_KEY, 'number', '1.5');
    try {
      await k.ok('PUT', '/order/hyOrder/edit', { ...k.orderBody(ONE_DEGREE), id: order.id });
      expect((await k.get('/order/hyOrder/queryById', { id: order.id })).result.plannedDistanceKm).toBe(
        166.8,
      );
    } finally {
      await setConfig(ROUTE_DISTANCE_FACTOR_KEY, 'number', '1.3');
    }

    // Without both pins there is no distance.
    const noPin = await draft({ loadLng: null, loadLat: null });
    expect(noPin.plannedDistanceKm).toBeNull();
  });

  it('takes the map provider’s driving distance when one is configured, the estimate when it has none', async () => {
    const asked: unknown[] = [];
    setRouteProvider((key) => ({
      drivingMetres: async (from, to) => {
        asked.push({ key, from, to });
        return key === 'answers' ? 187_654 : null;
      },
    }));
    await setConfig(ROUTE_PROVIDER_KEY, 'string', 'answers');
    try {
      expect((await draft(ONE_DEGREE)).plannedDistanceKm).toBe(187.7);
      expect(asked[0]).toEqual({ key: 'answers', from: { lng: 120, lat: 30 }, to: { lng: 120, lat: 31 } });
      await setConfig(ROUTE_PROVIDER_KEY, 'string', 'silent');
      expect((await draft(ONE_DEGREE)).plannedDistanceKm).toBe(144.6);
    } finally {
      await setConfig(ROUTE_PROVIDER_KEY, 'string', '');
    }
  });

  // Time windows end after they start and unloading is not before loading; contact phones are mobiles
  // or landlines; both coordinates of a pin are inside China.
  it.each([
    [
      { loadWindowFrom: '2026-12-01 10:00:00', loadWindowTo: '2026-12-01 09:00:00' },
      '装货时间窗的结束时间须晚于开始时间',
    ],
    [
      { unloadWindowFrom: '2026-12-02 10:00:00', unloadWindowTo: '2026-12-02 10:00:00' },
      '卸货时间窗的结束时间须晚于开始时间',
    ],
    [
      { loadWindowFrom: '2026-12-02 08:00:00', unloadWindowFrom: '2026-12-01 18:00:00' },
      '卸货时间窗不能早于装货时间窗',
    ],
    [{ loadPhone: '12345' }, '装货联系电话应为11位手机号或带区号的固定电话'],
    [{ unloadPhone: '1381234567x' }, '卸货联系电话应为11位手机号或带区号的固定电话'],
    [{ loadLng: 10 }, '装货经度不在中国境内'],
    [{ unloadLat: 60 }, '卸货纬度不在中国境内'],
    [{ loadLat: null }, '装货位置需要同时有经度和纬度'],
  ] as const)('refuses an order with %o: %s', async (over, message) => {
    const res = await k.call('POST', '/order/hyOrder/add', k.orderBody(over));
    expect(res.success, message).toBe(false);
    expect(res.message).toContain(message);
  });

  // Answered as entered: time windows in China time, contacts with a mobile or a landline.
  it.each([
    [
      {
        loadWindowFrom: '2026-12-01 08:00:00',
        loadWindowTo: '2026-12-01 12:00:00',
        unloadWindowFrom: '2026-12-02 08:00:00',
        unloadWindowTo: '2026-12-02 18:00:00',
      },
      { loadWindowFrom: '2026-12-01 08:00:00', unloadWindowTo: '2026-12-02 18:00:00' },
    ],
    [
      {
        loadContact: '王师傅',
        loadPhone: '13812345678',
        unloadContact: '李库管',
        unloadPhone: '021-56781234',
      },
      { loadContact: '王师傅', loadPhone: '13812345678', unloadPhone: '021-56781234' },
    ],
  ])('keeps valid places %o', async (over, expected) => {
    expect(await draft(over)).toMatchObject(expected);
  });

  it('keeps saved addresses and routes per shipper: another shipper’s id answers 404', async () => {
    const address = {
      addressName: '恒达南京仓',
      areaCode: '320113',
      address: '栖霞区龙潭港路8号',
      lng: 118.9089,
      lat: 32.1186,
      contact: '王师傅',
      phone: '13812345678',
    };
    const bad = await k.call(
      'POST',
      '/customer/hyCustomerAddress/add',
      { ...address, phone: '123' },
      tokens.shipper,
    );
    expect(bad.message).toContain('联系电话应为11位手机号或带区号的固定电话');
    await k.ok(
      'POST',
      '/customer/hyCustomerAddress/add',
      { ...address, customerId: CUSTOMERS.eastSteel },
      tokens.shipper,
    );
    await k.ok(
      'POST',
      '/customer/hyCustomerAddress/add',
      { ...address, addressName: '恒达上海库', areaCode: '310113' },
      tokens.shipper,
    );
    const own = await k.get('/customer/hyCustomerAddress/list', {}, tokens.shipper);
    expect(own.result.records?.length).toBe(2);
    // The shipper's own customer, whatever the body said; names from the division code.
    expect(own.result.records?.[0]).toMatchObject({
      customerId: CUSTOMERS.hengda,
      city: '上海市',
      district: '宝山区',
    });
    const [second, first] = own.result.records ?? [];
    const id = String(first?.id);

    const other = await t.call(tokens.shipperAdmin, {
      method: 'GET',
      url: api(`/customer/hyCustomerAddress/queryById?id=${id}`),
    });
    expect(other.statusCode).toBe(404);
    const edit = await t.call(tokens.shipperAdmin, {
      method: 'PUT',
      url: api('/customer/hyCustomerAddress/edit'),
      payload: { ...address, id, addressName: '改名' },
    });
    expect(edit.statusCode).toBe(404);
    expect((await k.get('/customer/hyCustomerAddress/list', {}, tokens.shipperAdmin)).result.records).toEqual(
      [],
    );

    // Staff save for a shipper they pick.
    await k.ok('POST', '/customer/hyCustomerAddress/add', {
      ...address,
      addressName: '华东钢铁厂',
      customerId: CUSTOMERS.eastSteel,
    });
    const steel =
      (await k.get('/customer/hyCustomerAddress/list', {}, tokens.shipperAdmin)).result.records ?? [];
    expect(steel.map((r) => r.addressName)).toEqual(['华东钢铁厂']);

    // A route joins two addresses of the same shipper.
    const mixed = await k.call(
      'POST',
      '/customer/hyCustomerRoute/add',
      { routeName: '混线', loadAddressId: id, unloadAddressId: String(steel[0]?.id) },
      tokens.shipper,
    );
    expect(mixed.message).toContain('卸货地址不是该货主的常用地址');
    await k.ok(
      'POST',
      '/customer/hyCustomerRoute/add',
      { routeName: '南京→上海', loadAddressId: id, unloadAddressId: String(second?.id) },
      tokens.shipper,
    );
    const routes = await k.get('/customer/hyCustomerRoute/list', {}, tokens.shipper);
    expect(routes.result.records?.[0]).toMatchObject({
      routeName: '南京→上海',
      loadAddressName: '恒达南京仓',
      unloadAddressName: '恒达上海库',
      customerId: CUSTOMERS.hengda,
    });
    const routeId = String(routes.result.records?.[0]?.id);
    const otherRoute = await t.call(tokens.shipperAdmin, {
      method: 'GET',
      url: api(`/customer/hyCustomerRoute/queryById?id=${routeId}`),
    });
    expect(otherRoute.statusCode).toBe(404);
  });

  it('refuses saved addresses and routes to a user without their codes (403)', async () => {
    const captain = await t.login('captain01');
    for (const url of ['/customer/hyCustomerAddress/list', '/customer/hyCustomerRoute/list'])
      expect((await t.call(captain, { method: 'GET', url: api(url) })).statusCode).toBe(403);
  });
});
