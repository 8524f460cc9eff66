// 系统消息 (component `system/SysMessageList`): the message queue (reference sys_sms) that the SMS, mail and
// WeChat channels write. Messages are a record of what was sent: read, deleted, exported, and failed
// ones queued again; never written by hand.
import { MESSAGE_CHANNELS } from '@freight/contracts';
import { message } from 'antd';
import { ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { api } from '../../services/request';

type Row = Record<string, unknown>;

/** es_send_status: 0 queued, 1 sent, 2 failed, -1 given up. */
const FAILED = [2, -1];
const isFailed = (row: Row) => FAILED.includes(Number(row.esSendStatus));
/** Sending failed messages again: one (a row's action) or the selection (the toolbar's). */
const RESEND = { key: 'resend', label: ['重新发送', 'Resend'], perm: 'system:message:edit' } as const;

/** Queues failed messages again; the page shows the server's reason when it refuses. */
async function resend(ids: string[], reload: () => void) {
  await api.put('/sys/message/sysMessage/resend', { ids: ids.join(',') });
  message.success('已重新加入发送队列');
  reload();
}

export const sysMessagePage: ResourcePageDef = {
  api: '/sys/message/sysMessage',
  title: ['系统消息', 'System messages'],
  perm: 'system:message',
  actions: { add: false, edit: false, import: false },
  defaultSort: { column: 'createTime', order: 'desc' },
  fields: [
    { name: 'esTitle', label: ['消息标题', 'Title'], search: 'like', list: { width: 160, ellipsis: true } },
    {
      name: 'esReceiver',
      label: ['接收人', 'Receiver'],
      search: 'like',
      list: { width: 150, copyable: true },
    },
    { name: 'esType', label: ['发送方式', 'Channel'], kind: 'dict', options: MESSAGE_CHANNELS, search: true },
    {
      name: 'esContent',
      label: ['发送内容', 'Content'],
      kind: 'textarea',
      list: { width: 280, ellipsis: true },
    },
    {
      name: 'esSendStatus',
      label: ['发送状态', 'Status'],
      kind: 'dict',
      search: true,
      options: [
        { value: '0', label: ['待发送', 'Queued'] },
        { value: '1', label: ['发送成功', 'Sent'] },
        { value: '2', label: ['发送失败', 'Failed'] },
        { value: '-1', label: ['不再发送', 'Given up'] },
      ],
    },
    { name: 'esSendNum', label: ['发送次数', 'Attempts'], kind: 'number', list: { width: 90 } },
    { name: 'esSendTime', label: ['发送时间', 'Sent at'], kind: 'datetime', sort: true, search: 'range' },
    { name: 'esResult', label: ['发送结果', 'Result'], list: { width: 160, ellipsis: true } },
    { name: 'esParam', label: ['发送参数', 'Parameters'], list: false },
    { name: 'createTime', label: ['创建时间', 'Created'], kind: 'datetime', sort: true, search: 'range' },
  ],
  rowActions: [
    {
      ...RESEND,
      visible: isFailed,
      confirm: ['确定重新发送该消息吗?', 'Send this message again?'],
      run: (row, helpers) => resend([String(row.id)], helpers.reload),
    },
  ],
  toolbar: [
    {
      ...RESEND,
      batch: true,
      confirm: ['只有发送失败的消息会重新发送，确定吗?', 'Only failed messages are sent again. Continue?'],
      run: (rows, helpers) =>
        resend(
          rows.map((r) => String(r.id)),
          helpers.reload,
        ),
    },
  ],
};

export default function SysMessageList() {
  return <ResourceListPage def={sysMessagePage} />;
}
