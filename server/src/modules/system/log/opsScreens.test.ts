// The operations screens (logs, data log, fill and check rules, categories, messages and
// templates): who may call them, and the rules each screen adds to the standard list actions.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/harness.ts';
import { compareVersions, useAdminApi, xlsx } from '../../../test/kit.ts';
import { sysSms } from '../authSchema.ts';
import { deliverQueuedMessages } from '../quartz/jobs.ts';

describe('operations screens of system administration', () => {
  const { t, tokens, call } = useAdminApi();

  it('shows logs with dictionary text and exports exactly the filtered rows', async () => {
    const list = (await call('GET', '/sys/log/list?logType=1&username=admin&pageSize=100')).json().result;
    expect(list.total).toBeGreaterThan(0);
    expect(list.records[0]).toMatchObject({ logType: 1, logType_dictText: '登录日志' });
    const exported = await call('GET', '/sys/log/exportXls?logType=1&username=admin');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('日志类型');
    expect(sheet.actualRowCount - 1).toBe(list.total);
    const typeColumn = header.indexOf('日志类型') + 1;
    expect(sheet.getRow(2).getCell(typeColumn).value).toBe('登录日志');
    // The operation log records the export itself, once the answer is out (written after the response).
    await expect
      .poll(async () => {
        const ops = (await call('GET', '/sys/log/list?logType=2&operateType=6')).json().result.records;
        return ops.some((l: { logContent: string }) => l.logContent.includes('导出日志'));
      })
      .toBe(true);
  });

  it('keeps versions of every edit and compares two of the same record only', async () => {
    const rule = (name: string) => ({
      ruleName: name,
      ruleCode: 'phone_tail',
      ruleJson: JSON.stringify([{ digits: '*', pattern: '\\d{4}', message: '四位数字' }]),
    });
    expect((await call('POST', '/sys/checkRule/add', rule('尾号'))).json().success).toBe(true);
    expect((await call('POST', '/sys/checkRule/add', rule('尾号2'))).json().message).toBe('规则编码已存在!');
    const stored = (await call('GET', '/sys/checkRule/list?ruleCode=phone_tail')).json().result.records[0];
    await call('PUT', '/sys/checkRule/edit', { ...rule('手机尾号'), id: stored.id });
    await call('PUT', '/sys/checkRule/edit', { ...rule('手机尾号四位'), id: stored.id });
    const versions = (
      await call('GET', `/sys/dataLog/queryDataVerList?dataTable=sys_check_rule&dataId=${stored.id}`)
    ).json().result;
    expect(versions.map((v: { dataVersion: number }) => v.dataVersion)).toEqual([3, 2, 1]);
    const compare = await compareVersions(call, versions[0].id, versions[2].id);
    expect(compare.map((v) => v.content.ruleName)).toEqual(['尾号', '手机尾号四位']);
    const other = (await call('GET', '/sys/dataLog/list?dataTable=sys_dict&pageSize=1')).json().result
      .records[0];
    if (other) {
      expect(
        (
          await call('GET', `/sys/dataLog/queryCompareList?dataId1=${versions[0].id}&dataId2=${other.id}`)
        ).json().message,
      ).toBe('只能比较同一条数据的版本');
    }
    expect(
      (await call('GET', `/sys/dataLog/queryCompareList?dataId1=${versions[0].id}&dataId2=none`)).json()
        .message,
    ).toBe('未找到对应版本');
  });

  it('imports check rules with a per-row error report', async () => {
    const json = JSON.stringify([{ digits: '2', pattern: '[A-Z]+', message: '大写' }]);
    const file = await xlsx([
      ['规则名称', '规则编码', '规则JSON', '规则描述'],
      ['省份简称', 'province', json, ''],
      ['坏JSON', 'bad_json', '{x', ''],
      ['重复', 'province', json, ''],
    ]);
    const form = new FormData();
    form.append('file', new Blob([file]), 'rules.xlsx');
    const body = (
      await t.call(tokens.admin, {
        method: 'POST',
        url: api('/sys/checkRule/importExcel'),
        payload: form as unknown as string,
      })
    ).json();
    expect(body.code).toBe(201);
    expect(body.result.errors).toEqual([
      { row: 3, message: '规则JSON: 规则JSON不是有效的JSON' },
      { row: 4, message: '规则编码已存在!' },
    ]);
  });

  it('generates a fill-rule sample without using a number up', async () => {
    const params = '{"prefix":"DD","datePattern":"YYMMDD","digits":3}';
    const sample = async (body: object) => (await call('POST', '/sys/fillRule/sample', body)).json();
    // Before saving: the form's values.
    const first = await sample({ ruleCode: 'order_no', ruleClass: 'dateSerial', ruleParams: params });
    expect(first.result).toMatch(/^DD\d{6}001$/);
    expect(
      (await sample({ ruleCode: 'order_no', ruleClass: 'dateSerial', ruleParams: '{"digits":99}' })).success,
    ).toBe(false);
    expect((await sample({ ruleCode: 'order_no', ruleClass: 'nope' })).message).toBe('规则实现不存在：nope');
    const generators = (await call('GET', '/sys/fillRule/generators')).json().result;
    expect(generators.map((g: { value: string }) => g.value)).toContain('dateSerial');

    await call('POST', '/sys/fillRule/add', {
      ruleName: '订单号',
      ruleCode: 'order_no',
      ruleClass: 'dateSerial',
      ruleParams: params,
    });
    expect((await sample({ ruleCode: 'order_no', ruleClass: 'dateSerial', ruleParams: params })).result).toBe(
      first.result,
    );
    const used = (await call('PUT', '/sys/fillRule/executeRuleByCode/order_no', {})).json().result;
    expect(used).toBe(first.result);
    const next = (await sample({ ruleCode: 'order_no', ruleClass: 'dateSerial', ruleParams: params })).result;
    expect(next).toMatch(/002$/);
    expect((await call('PUT', '/sys/fillRule/executeRuleByCode/order_no', {})).json().result).toBe(next);
  });

  it('keeps a category’s parent and code on edit and exports the tree rows', async () => {
    await call('POST', '/sys/category/add', { name: '车辆类别' });
    const root = (await call('GET', '/sys/category/rootList?name=车辆类别')).json().result.records[0];
    await call('POST', '/sys/category/add', { name: '牵引车', pid: root.id });
    const child = (await call('GET', `/sys/category/childList?pid=${root.id}`)).json().result[0];
    expect(child.code).toBe(`${root.code}A01`);
    expect(
      (
        await call('PUT', '/sys/category/edit', { id: child.id, name: '重型牵引车', pid: '0', code: '' })
      ).json().success,
    ).toBe(true);
    const edited = (await call('GET', `/sys/category/queryById?id=${child.id}`)).json().result;
    expect(edited).toMatchObject({ name: '重型牵引车', pid: root.id, code: `${root.code}A01` });
    expect((await call('POST', '/sys/category/add', { name: '孤儿', pid: 'missing' })).json().message).toBe(
      '父级节点不存在',
    );
    const exported = await call('GET', `/sys/category/exportXls?code=${root.code}*`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].actualRowCount).toBe(3);
  });

  it('sends a template test message to the queue, delivers SMS only, and re-queues failures', async () => {
    const add = async (body: object) =>
      (await call('POST', '/sys/message/sysMessageTemplate/add', body)).json();
    expect(
      (
        await add({
          templateName: '到货通知',
          templateCode: 'arrive',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: ${name} is the message template placeholder syntax
          templateContent: '运单${no}已到达',
          templateTestJson: '[1]',
        })
      ).success,
    ).toBe(false);
    expect(
      (
        await add({
          templateName: '到货通知',
          templateCode: 'arrive notice',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: ${name} is the message template placeholder syntax
          templateContent: '运单${no}已到达',
        })
      ).success,
    ).toBe(false);
    expect(
      (
        await add({
          templateName: '到货通知',
          templateCode: 'arrive',
          templateType: '1',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: ${name} is the message template placeholder syntax
          templateContent: '运单${no}已到达',
          templateTestJson: '{"no":"YD001"}',
        })
      ).success,
    ).toBe(true);
    await add({
      templateName: '对账邮件',
      templateCode: 'bill_mail',
      templateType: '2',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: ${name} is the message template placeholder syntax
      templateContent: '${month}账单已生成',
    });

    const send = async (body: object) =>
      (await call('POST', '/sys/message/sysMessageTemplate/sendMsg', body)).json();
    expect((await send({ templateCode: 'arrive', receiver: '123' })).message).toBe('请输入正确的手机号码');
    expect((await send({ templateCode: 'bill_mail', receiver: '13900000000' })).message).toBe(
      '请输入正确的邮箱地址',
    );
    expect((await send({ templateCode: 'none', receiver: '13900000000' })).message).toBe('模板不存在');
    const sms = await send({ templateCode: 'arrive', receiver: '13900000009' });
    expect(sms).toMatchObject({ success: true, result: { esContent: '运单YD001已到达', esSendStatus: 0 } });
    const mail = await send({ templateCode: 'bill_mail', receiver: 'a@b.cn', testData: '{"month":"5月"}' });
    expect(mail.result).toMatchObject({ esContent: '5月账单已生成', esType: '2' });

    const listed = (await call('GET', '/sys/message/sysMessage/list?esReceiver=13900000009')).json().result;
    expect(listed.records[0]).toMatchObject({ esTitle: '到货通知', esSendStatus: 0 });

    // The send job offers SMS rows to the SMS channel; the mail row stays queued.
    const offered: string[] = [];
    await deliverQueuedMessages(
      t.db,
      {
        name: 'stub',
        async send(message) {
          offered.push(message.receiver);
          return { status: 2, result: 'down' };
        },
      },
      100,
    );
    expect(offered).toContain('13900000009');
    expect(offered).not.toContain('a@b.cn');

    const resend = (ids: string) => call('PUT', '/sys/message/sysMessage/resend', { ids });
    expect((await resend(mail.result.id)).json().message).toBe('只有发送失败的消息可以重新发送');
    const [failed] = await t.db.select().from(sysSms).where(eq(sysSms.id, sms.result.id));
    expect(failed).toMatchObject({ esSendStatus: 0, esSendNum: 1, esResult: 'down' });
    await t.db.update(sysSms).set({ esSendStatus: -1, esSendNum: 5 }).where(eq(sysSms.id, sms.result.id));
    expect((await resend(sms.result.id)).json()).toMatchObject({ success: true });
    const [requeued] = await t.db.select().from(sysSms).where(eq(sysSms.id, sms.result.id));
    expect(requeued).toMatchObject({ esSendStatus: 0, esSendNum: 0, esResult: null });
  });
});
