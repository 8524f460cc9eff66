import { describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';
import { caller } from '../../test/kit.ts';

// 系统配置: typed configuration entries, each value checked against its type, the key chosen once,
// every change kept in the data log, and the screen closed to users without its codes.

type Row = Record<string, unknown>;

describe('system configuration', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });

  const call = caller(t, () => tokens.admin);
  const list = async (query = '') =>
    (await call('GET', `/hyconfig/hyConfig/list?pageSize=100${query}`)).json().result.records as Row[];

  it('lists the seeded entries with their types and answers them to the console', async () => {
    const rows = await list();
    expect(rows.find((r) => r.configKey === 'service_rate_bp')).toMatchObject({
      id: 'service_rate_bp',
      valueType: 'number',
      valueType_dictText: '数值',
      configValue: '600',
    });
    const cfg = (await call('GET', '/hyconfig/hyConfig/cfg')).json().result as Row;
    expect(cfg.service_rate_bp).toBe('600');
  });

  it('checks each value against its type and refuses a second entry of one key', async () => {
    const add = (body: object) => call('POST', '/hyconfig/hyConfig/add', body);
    const refused = async (body: object, message: string) => {
      const res = (await add(body)).json();
      expect(res.success, JSON.stringify(body)).toBe(false);
      expect(res.message).toContain(message);
    };
    await refused(
      { configKey: 'e2e.limit', valueType: 'number', configValue: 'ten' },
      '数值型配置必须是数字',
    );
    await refused(
      { configKey: 'e2e.flag', valueType: 'boolean', configValue: 'yes' },
      '布尔型配置只能是 true 或 false',
    );
    await refused(
      { configKey: 'e2e.rule', valueType: 'json', configValue: '{"a":' },
      'JSON 型配置不是合法的 JSON',
    );
    await refused({ configKey: 'Bad Key', valueType: 'string', configValue: 'x' }, '配置键以小写字母开头');

    expect(
      (await add({ configKey: 'e2e.rule', valueType: 'json', configValue: '{"maxKm":800}' })).json().success,
    ).toBe(true);
    await refused({ configKey: 'e2e.rule', valueType: 'string', configValue: 'x' }, '配置键 e2e.rule 已存在');

    // An edit changes the value and type, never the key; a bad value is refused with nothing changed.
    const editRule = async (body: Record<string, string>) =>
      (await call('PUT', '/hyconfig/hyConfig/edit', { id: 'e2e.rule', valueType: 'number', ...body })).json();
    const bad = await editRule({ configKey: 'e2e.rule', configValue: 'abc' });
    expect(bad.success).toBe(false);
    const edit = await editRule({ configKey: 'other.key', configValue: '900', description: '最长运距' });
    expect(edit.success, edit.message).toBe(true);
    const [row] = await list('&configKey=e2e.rule');
    expect(row).toMatchObject({
      configKey: 'e2e.rule',
      valueType: 'number',
      configValue: '900',
      updateBy: 'admin',
    });
    expect(await list('&configKey=other.key')).toHaveLength(0);

    // The audit trail: the data log holds both versions.
    const logs = (await call('GET', '/sys/dataLog/list?dataTable=hy_config&dataId=e2e.rule')).json().result
      .records as Row[];
    expect(logs.length).toBeGreaterThanOrEqual(2);
    expect(logs.map((l) => String(l.dataContent)).join()).toContain('900');

    expect((await call('DELETE', '/hyconfig/hyConfig/delete?id=e2e.rule')).json().success).toBe(true);
    expect(await list('&configKey=e2e.rule')).toHaveLength(0);
  });

  it('refuses the screen to a user without its codes', async () => {
    const shipper = await t.login('shipper');
    expect((await call('GET', '/hyconfig/hyConfig/list', undefined, shipper)).statusCode).toBe(403);
    expect(
      (
        await call(
          'POST',
          '/hyconfig/hyConfig/add',
          { configKey: 'x.y', valueType: 'string', configValue: '1' },
          shipper,
        )
      ).statusCode,
    ).toBe(403);
  });
});
