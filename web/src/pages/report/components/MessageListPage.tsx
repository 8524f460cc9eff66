// The outbox lists (交通监管同步: every message; 监管上传: the failed ones) from their declarations: state
// tags with the overdue mark, the channel's name, resend of the selection or a row, the detail with the
// built message, its field errors and its attempts, and the Excel export.
import { formatDateTime, type reportMessageResource } from '@freight/contracts';
import { App, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { pageOf, ResourceListPage, type RowAction } from '../../../components/resource';
import { postEnvelope, unwrap } from '../../../services/request';
import { MessageDetail, recordLink } from './MessageDetail';
import { StateTag, T, useChannelOptions } from './reportParts';

type Row = Record<string, unknown>;
/** Both lists are declared over the same fields (监管上传 is the failed ones). */
type MessageDecl = typeof reportMessageResource;

const RESEND_PERM = 'report:message:resend';
const resendable = (row: Row) => row.state === 'failed' || row.state === 'pending';

export function MessageListPage({ decl, failedOnly }: { decl: MessageDecl; failedOnly?: boolean }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const channels = useChannelOptions();

  const def = useMemo(() => {
    async function resend(ids: string[], reload: () => void) {
      const env = await postEnvelope<{ queued: number; skipped: number }>('/report/message/resend', { ids });
      unwrap(env);
      message.success(env.message);
      reload();
    }
    const rowActions: RowAction[] = [
      {
        key: 'resend',
        label: ['重新上报', 'Resend'],
        perm: RESEND_PERM,
        visible: resendable,
        run: (row, { reload }) => resend([String(row.id)], reload),
      },
    ];
    if (failedOnly)
      rowActions.unshift({
        key: 'record',
        label: ['去修改', 'Correct'],
        visible: (row) => recordLink(row) !== null,
        run: (row) => {
          const link = recordLink(row);
          if (link) navigate(link);
        },
      });
    return pageOf(decl, {
      fields: {
        // Listed with their paths in the detail's own table.
        fieldErrors: { detail: false },
        state: {
          render: (value: unknown, row: Row) => <StateTag value={value} overdue={Boolean(row.overdue)} />,
          ...(failedOnly ? { search: false } : {}),
        },
        channelId: { options: channels.map((c) => ({ value: c.value, label: c.label })) },
        deadlineAt: {
          render: (value: unknown, row: Row) =>
            value ? (
              <Typography.Text type={row.overdue ? 'danger' : undefined}>
                {formatDateTime(value as string)}
              </Typography.Text>
            ) : (
              '--'
            ),
        },
      },
      detailExtra: (row) => <MessageDetail base={decl.path} row={row} />,
      rowActions,
      toolbar: [
        {
          key: 'resendSelected',
          label: ['批量重新上报', 'Resend selected'],
          perm: RESEND_PERM,
          batch: true,
          run: (selected, { reload }) =>
            resend(
              selected.map((r) => String(r.id)),
              reload,
            ),
        },
      ],
    });
  }, [decl, failedOnly, channels, message, navigate]);

  return (
    <ResourceListPage
      def={{
        ...def,
        header: failedOnly ? (
          <Typography.Paragraph type="secondary" style={{ padding: '12px 24px 0', margin: 0 }}>
            <T
              text={[
                '字段校验未通过或被省平台拒收的报文：打开详情查看每个字段错误，修改业务记录后重新上报。',
                'Messages that failed validation or were refused by the province: open one to see each field error, correct the record, then resend.',
              ]}
            />
          </Typography.Paragraph>
        ) : undefined,
      }}
    />
  );
}
