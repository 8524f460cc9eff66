import { AUTH_MSG, MSG } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/authKit.ts';
import { api, startTestApp, type TestApp, useTestApp } from '../../../test/harness.ts';
import { parseCasResponse } from './cas.ts';

const xmlSuccess = (user: string) =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;

describe('CAS single sign-on', () => {
  let t: TestApp;
  let cas: Awaited<ReturnType<typeof fakeServer>>;
  const calls: string[] = [];
  beforeAll(async () => {
    cas = await fakeServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      calls.push(url.pathname + url.search);
      const ticket = url.searchParams.get('ticket') ?? '';
      if (
        url.pathname !== '/cas/p3/serviceValidate' ||
        url.searchParams.get('service') !== 'https://console/x'
      ) {
        res.statusCode = 404;
        return res.end();
      }
      if (ticket.startsWith('ST-json-')) {
        res.setHeader('content-type', 'application/json');
        return res.end(
          JSON.stringify({
            serviceResponse: { authenticationSuccess: { user: ticket.slice(8), attributes: {} } },
          }),
        );
      }
      if (ticket.startsWith('ST-xml-')) return res.end(xmlSuccess(ticket.slice(7)));
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          serviceResponse: { authenticationFailure: { code: 'INVALID_TICKET', description: 'bad' } },
        }),
      );
    });
    t = await startTestApp({ casServerUrl: `${cas.url}/cas` });
  });
  afterAll(async () => {
    await t.close();
    await cas.close();
  });

  const validate = (ticket: string) =>
    t.call(null, {
      method: 'GET',
      url: api(
        `/cas/client/validateLogin?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent('https://console/x')}`,
      ),
    });

  it('validates a ticket (JSON form), maps the CAS user to the local user and signs in', async () => {
    const body = (await validate('ST-json-admin')).json();
    expect(body).toMatchObject({
      success: true,
      result: { userType: 1, cid: null, userInfo: { username: 'admin' } },
    });
    expect(calls.at(-1)).toContain('format=JSON');
    expect((await t.call(body.result.token, { method: 'GET', url: api('/sys/loginfo') })).statusCode).toBe(
      200,
    );
  });

  it('understands the XML form too', async () => {
    const body = (await validate('ST-xml-shipper')).json();
    expect(body.result).toMatchObject({ userType: 2, userInfo: { username: 'shipper' } });
  });

  it('refuses an invalid ticket and a replayed one (without asking CAS again)', async () => {
    expect((await validate('ST-bad-1')).json()).toMatchObject({
      success: false,
      message: AUTH_MSG.casTicketInvalid,
    });
    const before = calls.length;
    expect((await validate('ST-json-admin')).json()).toMatchObject({
      success: false,
      message: AUTH_MSG.casTicketInvalid,
    });
    expect(calls.length).toBe(before);
  });

  it('refuses a CAS user with no local account', async () => {
    expect((await validate('ST-json-stranger')).json()).toMatchObject({
      success: false,
      message: AUTH_MSG.casNoLocalUser,
    });
  });

  it('answers the CAS logout URL when a CAS session logs out, and nothing extra otherwise', async () => {
    const token = (await validate('ST-json-agent01')).json().result.token;
    const out = (await t.call(token, { method: 'POST', url: api('/sys/logout') })).json();
    expect(out).toMatchObject({
      success: true,
      message: MSG.logoutOk,
      result: { casLogoutUrl: `${cas.url}/cas/logout` },
    });
    const plain = await t.login('admin');
    expect((await t.call(plain, { method: 'POST', url: api('/sys/logout') })).json().result).toBeNull();
  });

  it('offers CAS on the login options', async () => {
    const body = (await t.call(null, { method: 'GET', url: api('/sys/loginOptions') })).json();
    expect(body.result).toEqual({ captcha: false, cas: { loginUrl: `${cas.url}/cas/login` }, third: [] });
  });

  it('parses both answer forms and rejects everything else', () => {
    expect(parseCasResponse(xmlSuccess('a&amp;b'))).toBe('a&b');
    expect(
      parseCasResponse('<cas:serviceResponse><cas:authenticationFailure code="X"/></cas:serviceResponse>'),
    ).toBeNull();
    expect(parseCasResponse('{"serviceResponse":{"authenticationSuccess":{"user":""}}}')).toBeNull();
    expect(parseCasResponse('not json {')).toBeNull();
  });
});

describe('CAS not configured', () => {
  const t = useTestApp();

  it('says single sign-on is off', async () => {
    const res = await t.call(null, {
      method: 'GET',
      url: api('/cas/client/validateLogin?ticket=ST-1&service=x'),
    });
    expect(res.json()).toMatchObject({ success: false, message: AUTH_MSG.casDisabled });
  });

  it('offers neither CAS nor a third party on the login options', async () => {
    const body = (await t.call(null, { method: 'GET', url: api('/sys/loginOptions') })).json();
    expect(body.result).toEqual({ captcha: false, cas: null, third: [] });
  });
});
