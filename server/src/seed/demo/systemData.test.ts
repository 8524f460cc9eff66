import { MESSAGE_SEND_STATE } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { categoriesSeeder, DEMO_CATEGORIES } from './categories.ts';
import { runDemoSeeders } from './index.ts';
import { DEMO_TEST_HANDSET, messagesSeeder } from './messages.ts';

interface CategoryNode {
  id: string;
  name: string;
  code: string;
  hasChild: string;
}

const nodeCount = (nodes: typeof DEMO_CATEGORIES): number =>
  nodes.reduce((sum, node) => sum + 1 + nodeCount(node.children ?? []), 0);

describe('demo 分类字典 and 系统消息', () => {
  const t = useTestApp();

  it('plants the category trees with codes from their parents, once', async () => {
    const first = await runDemoSeeders(t.db, { seeders: [categoriesSeeder] });
    expect(first.rows.categories?.categories).toBe(nodeCount(DEMO_CATEGORIES));
    const again = await runDemoSeeders(t.db, { seeders: [categoriesSeeder] });
    expect(again.rows.categories?.categories).toBe(0);

    const admin = await t.login('admin');
    const get = async <T>(url: string) =>
      (await t.call(admin, { method: 'GET', url: `/jeecg-boot${url}` })).json().result as T;
    const roots = await get<{ records: CategoryNode[] }>('/sys/category/rootList?pageSize=100');
    const goods = roots.records.find((node) => node.name === '货物分类');
    expect(roots.records.map((node) => node.name)).toEqual(expect.arrayContaining(['货物分类', '包装方式']));
    expect(goods).toMatchObject({ hasChild: '1', code: expect.stringMatching(/^A\d{2}$/) });

    const kinds = await get<CategoryNode[]>(`/sys/category/childList?pid=${goods?.id}`);
    expect(kinds.map((node) => node.name)).toEqual([
      '煤炭及制品',
      '金属矿石及钢材',
      '矿建材料',
      '粮食',
      '化肥及农药',
      '快消品',
    ]);
    for (const kind of kinds) expect(kind.code).toMatch(new RegExp(`^${goods?.code}A\\d{2}$`));
    const coal = kinds[0];
    expect(coal?.hasChild).toBe('1');
    expect(kinds.at(-1)?.hasChild).toBe('0');
    const coals = await get<CategoryNode[]>(`/sys/category/childList?pid=${coal?.id}`);
    expect(coals.map((node) => [node.name, node.code.slice(0, -3)])).toEqual([
      ['动力煤', coal?.code],
      ['炼焦煤', coal?.code],
      ['焦炭', coal?.code],
    ]);
  });

  it("queues a test send of every SMS template to the platform's test handset, once", async () => {
    const first = await runDemoSeeders(t.db, { seeders: [messagesSeeder] });
    expect(first.rows.messages?.messages).toBeGreaterThanOrEqual(4);
    const again = await runDemoSeeders(t.db, { seeders: [messagesSeeder] });
    expect(again.rows.messages?.messages).toBe(0);

    const admin = await t.login('admin');
    const list = (
      await t.call(admin, {
        method: 'GET',
        url: `/jeecg-boot/sys/message/sysMessage/list?esReceiver=${DEMO_TEST_HANDSET}&pageSize=50`,
      })
    ).json().result as { total: number; records: Record<string, unknown>[] };
    expect(list.total).toBe(first.rows.messages?.messages);
    // Rendered with the template's stored test data, queued for the send job, by the operator who tested it.
    expect(list.records).toContainEqual(
      expect.objectContaining({
        esTitle: '短信登录验证码',
        esContent: expect.stringContaining('您的登录验证码为123456'),
        esSendStatus: MESSAGE_SEND_STATE.queued,
        createBy: 'operations01',
      }),
    );
  });
});
