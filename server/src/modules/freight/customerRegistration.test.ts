import { AUTH_MSG } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshCode } from '../../test/authKit.ts';
import { api, useTestApp } from '../../test/harness.ts';
import { sysUser } from '../system/index.ts';
import { hyCustomer, hyCustomerAdmin } from './schema.ts';

// 1×1 PNG, the smallest real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('POST /customer/hyCustomer/register', () => {
  const t = useTestApp({ dataDir: `/tmp/freight-test-register-${process.pid}-${Date.now()}` });

  const fields = (smscode: string, extra: Record<string, string> = {}): Record<string, string> => ({
    customerName: '南京长江物流有限公司',
    creditCode: '91320100MA1N2XY834',
    contactName: '孙立',
    mobile: '13012345678',
    smscode,
    username: 'cj_admin',
    password: 'Changjiang#2026',
    ...extra,
  });
  const form = (values: Record<string, string>, licence: Buffer | null = PNG, name = 'yyzz.png') => {
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.append(k, v);
    if (licence) data.append('licence', new Blob([licence]), name);
    return data;
  };
  const register = (data: FormData | object) =>
    t.call(null, {
      method: 'POST',
      url: api('/customer/hyCustomer/register'),
      payload: data as unknown as string,
    });

  it('checks the credit code checksum and the licence before spending the code', async () => {
    const bad = await register(form(fields('123456', { creditCode: '91320100MA1N2XY835' })));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AUTH_MSG.creditCodeInvalid);

    const smscode = await freshCode(t, '13012345678', '1');
    const noFile = await register(form(fields(smscode), null));
    expect(noFile.json()).toMatchObject({ success: false, message: AUTH_MSG.licenceRequired });
    const notImage = await register(form(fields(smscode), Buffer.from('%PDF-1.4 not a picture'), 'a.png'));
    expect(notImage.json()).toMatchObject({ success: false, message: AUTH_MSG.licenceNotImage });
    const big = await register(form(fields(smscode), Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])));
    expect(big.json()).toMatchObject({ success: false, message: AUTH_MSG.licenceTooLarge });
    // JSON with a path of the caller's choosing is not a registration.
    const json = await register({ ...fields(smscode), licenseImg: 'customer/someone-elses.png' });
    expect(json.json()).toMatchObject({ success: false, message: AUTH_MSG.licenceRequired });
    // None of those spent the code: it still registers (then it is gone).
    const ok = await register(
      form(fields(smscode, { username: 'cj_probe', creditCode: '91320100MA1N2XY91Y' })),
    );
    expect(ok.json().success).toBe(true);
    const again = await register(form(fields(smscode, { username: 'cj_probe2' })));
    expect(again.json()).toMatchObject({ success: false, message: AUTH_MSG.smsCodeInvalid });
  });

  it('creates the customer in review state 1 with its stored licence and its admin login in one go; the pending counter rises', async () => {
    const admin = await t.login('admin');
    const counts = async () =>
      (await t.call(admin, { method: 'GET', url: api('/hydriver/hyDriver/getDsXx') })).json().result
        .huozhuCount as number;
    const before = await counts();
    const smscode = await freshCode(t, '13012345678', '1');
    const res = await register(form(fields(smscode)));
    expect(res.json()).toMatchObject({
      success: true,
      message: AUTH_MSG.customerRegisterOk,
      result: { state: 1 },
    });
    const customerId = res.json().result.customerId;
    const [customer] = await t.db.select().from(hyCustomer).where(eq(hyCustomer.id, customerId));
    expect(customer).toMatchObject({
      state: 1,
      status: 1,
      creditCode: '91320100MA1N2XY834',
      contactMobile: '13012345678',
    });
    // A random stored name, neither the customer's id nor the uploaded name.
    expect(customer.licenseImg).toMatch(/^customer\/licence\/\d{8}\/[\w-]{24}\.png$/);
    const file = await t.call(admin, {
      method: 'GET',
      url: api(`/sys/common/static/${customer.licenseImg}`),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const [user] = await t.db.select().from(sysUser).where(eq(sysUser.username, 'cj_admin'));
    expect(user).toMatchObject({ userType: 6, cid: customerId });
    expect(await t.db.select().from(hyCustomerAdmin).where(eq(hyCustomerAdmin.userId, user.id))).toHaveLength(
      1,
    );
    expect(await counts()).toBe(before + 1);
    const login = await t.call(null, {
      method: 'POST',
      url: api('/sys/customerlogin'),
      payload: { username: 'cj_admin', password: 'Changjiang#2026' },
    });
    expect(login.json().result).toMatchObject({ userType: 6, cid: customerId });
  });

  it('refuses a second registration of the same company or user name, leaving nothing half-made', async () => {
    const smscode = await freshCode(t, '13012345678', '1');
    const dupCode = await register(form(fields(smscode, { username: 'cj_admin2' })));
    expect(dupCode.json().message).toBe(AUTH_MSG.creditCodeTaken);
    const smscode2 = await freshCode(t, '13012345678', '1');
    const dupUser = await register(
      form(fields(smscode2, { username: 'shipper', creditCode: '91320100MA1N2XY71W' })),
    );
    expect(dupUser.json().message).toBe(AUTH_MSG.usernameTaken);
    expect(await t.db.select().from(sysUser).where(eq(sysUser.username, 'cj_admin2'))).toEqual([]);
  });
});
