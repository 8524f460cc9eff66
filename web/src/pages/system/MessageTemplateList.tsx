// 消息模板 (component `system/MessageTemplateList`): the texts SMS, mail and WeChat messages are rendered
// from (`${name}` placeholders), with a test send that queues a rendered message for a receiver.
import { ModalForm, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { message } from 'antd';
import { useMemo, useState } from 'react';
import { createTimeField, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { api, errorText } from '../../services/request';
import { MESSAGE_TYPES } from './SysMessageList';

type Row = Record<string, unknown>;

/** A JSON object of placeholder values, or nothing. */
export function jsonObjectError(text: unknown): string | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return null;
  } catch {
    // falls through to the message below
  }
  return '测试数据必须是JSON对象，如 {"code":"123456"}';
}

const jsonRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const error = jsonObjectError(value);
    if (error) throw new Error(error);
  },
};

export function messageTemplatePage(onTest: (row: Row) => void): ResourcePageDef {
  return {
    api: '/sys/message/sysMessageTemplate',
    title: ['消息模板', 'Message templates'],
    perm: 'system:msgtemplate',
    actions: { import: false },
    defaultSort: { column: 'createTime', order: 'desc' },
    addDefaults: { templateType: '1', useStatus: '1' },
    fields: [
      {
        name: 'templateName',
        label: ['模板标题', 'Title'],
        required: true,
        search: 'like',
        rules: [{ max: 50, message: '模板标题不能超过50个字符' }],
      },
      {
        name: 'templateCode',
        label: ['模板编码', 'Code'],
        required: true,
        search: true,
        sort: true,
        list: { width: 200, copyable: true },
        rules: [
          { max: 32, message: '模板编码不能超过32个字符' },
          { pattern: /^[A-Za-z0-9_-]+$/, message: '模板编码只能包含字母、数字、下划线和横线' },
        ],
      },
      {
        name: 'templateType',
        label: ['模板类型', 'Channel'],
        kind: 'dict',
        options: MESSAGE_TYPES,
        required: true,
        search: true,
      },
      {
        name: 'useStatus',
        label: ['是否启用', 'In use'],
        kind: 'dict',
        search: true,
        required: true,
        options: [
          { value: '1', label: ['启用', 'On'] },
          { value: '0', label: ['停用', 'Off'] },
        ],
      },
      {
        name: 'templateContent',
        label: ['模板内容', 'Content'],
        kind: 'textarea',
        required: true,
        list: { width: 300, ellipsis: true },
        // biome-ignore lint/suspicious/noTemplateCurlyInString: ${name} is the message template placeholder syntax
        placeholder: ['如：您的验证码为 ${code}，10分钟内有效。', 'e.g. Your code is ${code}.'],
        rules: [{ max: 1000, message: '模板内容不能超过1000个字符' }],
      },
      {
        name: 'templateTestJson',
        label: ['测试数据', 'Test data'],
        kind: 'textarea',
        list: false,
        placeholder: ['JSON对象，如 {"code":"123456"}', 'A JSON object, e.g. {"code":"123456"}'],
        rules: [jsonRule],
      },
      {
        name: 'providerTemplateCode',
        label: ['服务商模板编码', 'Provider template'],
        list: { width: 150 },
        placeholder: ['如 SMS_123456789', 'e.g. SMS_123456789'],
        rules: [{ max: 64, message: '服务商模板编码不能超过64个字符' }],
      },
      createTimeField({ search: 'range' }),
    ],
    rowActions: [
      {
        key: 'test',
        label: ['发送测试', 'Test send'],
        perm: 'system:msgtemplate:edit',
        visible: (row) => String(row.useStatus) === '1',
        run: (row) => onTest(row),
      },
    ],
  };
}

export default function MessageTemplateList() {
  const tx = useBilingual();
  const [testing, setTesting] = useState<Row | null>(null);
  const def = useMemo(() => messageTemplatePage(setTesting), []);
  const mail = String(testing?.templateType) === '2';
  return (
    <>
      <ResourceListPage def={def} />
      <ModalForm<{ receiver: string; testData?: string }>
        key={String(testing?.id ?? 'none')}
        title={`${tx(['发送测试', 'Test send'])} · ${String(testing?.templateName ?? '')}`}
        open={Boolean(testing)}
        width={520}
        modalProps={{ destroyOnHidden: true }}
        onOpenChange={(open) => {
          if (!open) setTesting(null);
        }}
        initialValues={{ testData: (testing?.templateTestJson as string | undefined) ?? '' }}
        onFinish={async (values) => {
          try {
            await api.post('/sys/message/sysMessageTemplate/sendMsg', {
              templateCode: testing?.templateCode,
              receiver: values.receiver,
              testData: values.testData?.trim() ? values.testData : null,
            });
          } catch (error) {
            message.error(errorText(error));
            return false;
          }
          message.success(tx(['已加入发送队列', 'Queued']));
          setTesting(null);
          return true;
        }}
      >
        <ProFormText
          name="receiver"
          label={mail ? tx(['接收邮箱', 'Receiver mail']) : tx(['接收人', 'Receiver'])}
          placeholder={mail ? 'name@example.com' : tx(['手机号码', 'Mobile number'])}
          rules={[{ required: true, message: tx(['请输入接收人', 'Enter a receiver']) }]}
        />
        <ProFormTextArea
          name="testData"
          label={tx(['测试数据', 'Test data'])}
          placeholder='{"code":"123456"}'
          rules={[jsonRule]}
        />
      </ModalForm>
    </>
  );
}
