import { AUTH_MSG, DEMO_PASSWORD, MSG } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stableId } from '../../seed/seed.ts';
import { api, useTestApp } from '../../test/harness.ts';
import { hyCustomer } from './schema.ts';

describe('POST /sys/customerlogin', () => {
  const t = useTestApp();

  const login = (username: string, password = DEMO_PASSWORD, route = '/sys/customerlogin') =>
    t.call(null, { method: 'POST', url: api(route), payload: { username, password } });

  it('signs in customer staff (userType 2 and 6) with their cid, and only them', async () => {
    const staff = (await login('shipper')).json();
    expect(staff).toMatchObject({
      success: true,
      code: 200,
      result: { userType: 2, cid: stableId('customer', 'hengda-build') },
    });
    const admin = (await login('shipper_admin')).json();
    expect(admin.result).toMatchObject({ userType: 6, cid: stableId('customer', 'east-steel') });
    expect((await login('admin')).json()).toMatchObject({
      success: false,
      message: AUTH_MSG.notCustomerAccount,
    });
    // Wrong password for a non-customer gives the usual message, revealing nothing about the type.
    expect((await login('admin', 'Wrong#2026x')).json().message).toBe(MSG.badCredentials);
  });

  it('refuses staff of a frozen or a rejected customer, on every login route', async () => {
    const hengda = stableId('customer', 'hengda-build');
    await t.db.update(hyCustomer).set({ status: 2 }).where(eq(hyCustomer.id, hengda));
    for (const route of ['/sys/customerlogin', '/sys/login'])
      expect((await login('shipper', DEMO_PASSWORD, route)).json(), route).toMatchObject({
        success: false,
        message: AUTH_MSG.customerFrozen,
      });
    await t.db.update(hyCustomer).set({ status: 1, state: 3 }).where(eq(hyCustomer.id, hengda));
    expect((await login('shipper')).json().message).toBe(AUTH_MSG.customerRejected);
    await t.db.update(hyCustomer).set({ state: 2 }).where(eq(hyCustomer.id, hengda));
    expect((await login('shipper')).json().success).toBe(true);
  });

  it('moves a customer admin to a usable customer when the current one is frozen, refuses when none is', async () => {
    const east = stableId('customer', 'east-steel');
    const luxi = stableId('customer', 'luxi-chem');
    await t.db.update(hyCustomer).set({ status: 2 }).where(eq(hyCustomer.id, east));
    const moved = (await login('shipper_admin')).json();
    expect(moved.result.cid).toBe(luxi);
    await t.db.update(hyCustomer).set({ state: 3 }).where(eq(hyCustomer.id, luxi));
    expect((await login('shipper_admin')).json().success).toBe(false);
  });
});
