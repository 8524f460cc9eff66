// 系统消息 (component `system/SysMessageList`): the message queue (reference sys_sms) that the SMS, mail and
// WeChat channels write. Messages are a record of what was sent: read, deleted, exported, and failed
// ones queued again; never written by hand.
import { MESSAGE_SEND_STATE, sysMessageResource } from '@freight/contracts';
import { message } from 'antd';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { api } from '../../services/request';

type Row = Record<string, unknown>;

/** The states a message may be sent again from. */
const FAILED: number[] = [MESSAGE_SEND_STATE.failed, MESSAGE_SEND_STATE.givenUp];
const isFailed = (row: Row) => FAILED.includes(Number(row.esSendStatus));
/** Sending failed messages again: one (a row's action) or the selection (the toolbar's). */
const RESEND = { key: 'resend', label: ['重新发送', 'Resend'], perm: 'system:message:edit' } as const;

/** Queues failed messages again; the page shows the server's reason when it refuses. */
async function resend(ids: string[], reload: () => void) {
  await api.put('/sys/message/sysMessage/resend', { ids: ids.join(',') });
  message.success('已重新加入发送队列');
  reload();
}

export const sysMessagePage: ResourcePageDef = pageOf(sysMessageResource, {
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
});

export default function SysMessageList() {
  return <ResourceListPage def={sysMessagePage} />;
}
