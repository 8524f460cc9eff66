// The identity and certificate checks of a party, as its review drawer and review dialog show them
// beside the photos: the latest check of each kind, its result and why, and a re-check for those who may.
import {
  formatDateTime,
  type SubjectVerification,
  VERIFICATION_KIND_OPTIONS,
  VERIFICATION_RESULT_OPTIONS,
  type VerificationSubject,
} from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import { useBusyAction } from '../../../components/common/useBusyAction';
import { useBilingual } from '../../../components/resource/text';
import { useCan } from '../../../components/resource/useCan';
import { api } from '../../../services/request';

const RESULT_COLOURS: Record<string, string> = { pass: 'success', fail: 'error', pending: 'warning' };
const kindLabel = new Map(VERIFICATION_KIND_OPTIONS.map((o) => [o.value as string, o.label]));
const resultLabel = new Map(VERIFICATION_RESULT_OPTIONS.map((o) => [o.value as string, o.label]));

export function VerificationPanel({
  base,
  subject,
  id,
}: {
  /** The party screen's API base (`/hydriver/hyDriver`). */
  base: string;
  subject: VerificationSubject;
  id: string;
}) {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { busy, run } = useBusyAction();
  const key = ['verification', base, id];
  const found = useQuery({
    queryKey: key,
    queryFn: () => api.get<SubjectVerification>(`${base}/verification`, { id }),
  });

  async function recheck() {
    await run(async () => {
      const fresh = await api.post<SubjectVerification>('/compliance/verification/recheck', {
        subjectType: subject,
        subjectId: id,
      });
      client.setQueryData(key, fresh);
      message.success(tx(['已重新核验', 'Checked again']));
    });
  }

  const data = found.data;
  return (
    <section data-testid="verification-panel" aria-label={tx(['核验结果', 'Verification'])}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 16 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {tx(['核验结果', 'Verification'])}
        </Typography.Title>
        {can('compliance:verification:recheck') && (
          <Button size="small" loading={busy} onClick={() => void recheck()}>
            {tx(['重新核验', 'Re-check'])}
          </Button>
        )}
      </Space>
      {found.isLoading ? (
        <Spin />
      ) : !data || data.checks.length === 0 ? (
        <Empty description={tx(['无需核验', 'Nothing to check'])} />
      ) : (
        <>
          <Alert
            style={{ margin: '8px 0' }}
            showIcon
            type={data.approvable ? 'success' : 'warning'}
            message={
              data.approvable
                ? tx(['必需核验均已通过', 'Every required check passed'])
                : tx(['有必需核验未通过或未完成，不能审核通过', 'A required check failed or is missing'])
            }
          />
          <List
            size="small"
            dataSource={data.checks}
            renderItem={(check) => (
              <List.Item data-testid="verification-check" data-kind={check.kind} data-result={check.result}>
                <div style={{ width: '100%' }}>
                  <Space wrap>
                    <Typography.Text strong>{tx(kindLabel.get(check.kind) ?? check.kind)}</Typography.Text>
                    <Tag color={RESULT_COLOURS[check.result]}>
                      {tx(resultLabel.get(check.result) ?? check.result)}
                    </Tag>
                    {check.required && (
                      <Typography.Text type="secondary">{tx(['必需', 'Required'])}</Typography.Text>
                    )}
                  </Space>
                  <div style={{ wordBreak: 'break-all' }}>
                    {check.reason ?? (check.checkedAt ? '' : tx(['尚未核验', 'Not checked yet']))}
                  </div>
                  {check.checkedAt && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(check.checkedAt)} · {check.provider}
                    </Typography.Text>
                  )}
                </div>
              </List.Item>
            )}
          />
        </>
      )}
    </section>
  );
}
