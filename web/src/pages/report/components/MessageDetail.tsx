// A report message's detail (交通监管同步 and 监管上传): the field errors it failed with, the message as the
// sender builds it now from the records (or every rule it still breaks, with its path), the record to
// correct, and each attempt with its request and the province's answer.
import { formatDateTime, type ReportFieldError } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { QuerySection, SectionTitle } from '../../../components/common/QuerySection';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';
import { JsonBlock } from './reportParts';

type Row = Record<string, unknown>;

interface Attempt {
  id: string;
  attemptNo: number;
  outcome: string;
  code: string | null;
  message: string | null;
  referenceNumber: string | null;
  request: unknown;
  response: unknown;
  durationMs: number | null;
  calls: number;
  startedAt: string;
}

interface Preview {
  ok: boolean;
  message: unknown;
  errors: ReportFieldError[];
}

const OUTCOME: Record<string, { colour: string; text: readonly [string, string] }> = {
  accepted: { colour: 'green', text: ['已接收', 'Accepted'] },
  failed: { colour: 'red', text: ['失败', 'Failed'] },
  retry: { colour: 'orange', text: ['稍后重试', 'Retry'] },
  waiting: { colour: 'default', text: ['等待前置', 'Waiting'] },
};

/** Where the record a message reports is corrected: its list, filtered to it. */
export function recordLink(row: Row): string | null {
  const no = encodeURIComponent(String(row.businessNo ?? ''));
  if (!no) return null;
  switch (row.type) {
    case 'WLHY_JSY1001':
      return `/wlhy/hydriver/HyDriverList?driverName=${no}`;
    case 'WLHY_CL1001':
      return `/wlhy/hyvehicle/HyVehicleList?plateNo=${no}`;
    case 'WLHY_YD1001':
      return `/shipping/list?shippingNoteNumber=${no}`;
    default:
      return null;
  }
}

function ErrorTable({ errors, testId }: { errors: ReportFieldError[]; testId: string }) {
  const tx = useBilingual();
  return (
    <Table<ReportFieldError>
      data-testid={testId}
      size="small"
      pagination={false}
      rowKey={(e) => `${e.path}:${e.rule}`}
      dataSource={errors}
      scroll={{ x: 480 }}
      columns={[
        {
          title: tx(['字段路径', 'Field path']),
          dataIndex: 'path',
          render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
        },
        { title: tx(['规则', 'Rule']), dataIndex: 'rule', width: 160 },
        { title: tx(['说明', 'Message']), dataIndex: 'message', render: (v?: string) => v || '--' },
      ]}
    />
  );
}

export function MessageDetail({ base, row }: { base: string; row: Row }) {
  const tx = useBilingual();
  const navigate = useNavigate();
  const id = String(row.id);
  const preview = useQuery({
    queryKey: ['reportPreview', base, id],
    queryFn: () => api.get<Preview>(`${base}/preview`, { id }),
  });
  const attempts = useQuery({
    queryKey: ['reportAttempts', base, id],
    queryFn: () => api.get<Attempt[]>(`${base}/attempts`, { id }),
  });
  const stored = Array.isArray(row.fieldErrors) ? (row.fieldErrors as ReportFieldError[]) : [];
  const link = recordLink(row);

  return (
    <div data-testid="message-detail">
      {link && (
        <div style={{ marginTop: 16 }}>
          <Button type="primary" ghost onClick={() => navigate(link)} data-testid="open-record">
            {row.state === 'failed'
              ? tx(['打开业务记录修改', 'Open the record to correct it'])
              : tx(['打开业务记录', 'Open the record'])}
          </Button>
        </div>
      )}

      {stored.length > 0 && (
        <>
          <SectionTitle>{tx(['上次失败的字段', 'Fields that failed last time'])}</SectionTitle>
          <ErrorTable errors={stored} testId="stored-errors" />
        </>
      )}

      <SectionTitle>{tx(['按当前记录生成的报文', 'The message as built from the records now'])}</SectionTitle>
      {preview.isLoading ? (
        <Spin />
      ) : preview.isError ? (
        <Alert type="error" showIcon message={tx(['报文生成失败', 'The message could not be built'])} />
      ) : preview.data?.ok ? (
        <JsonBlock value={preview.data.message} testId="built-message" />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            message={tx([
              `校验未通过：${preview.data?.errors.length ?? 0} 个字段须修改后重新上报`,
              `Not valid: ${preview.data?.errors.length ?? 0} field(s) to correct before resending`,
            ])}
          />
          <ErrorTable errors={preview.data?.errors ?? []} testId="preview-errors" />
        </>
      )}

      <QuerySection
        title={tx(['上报记录', 'Attempts'])}
        query={attempts}
        empty={tx(['尚未上报', 'Not sent yet'])}
      >
        {(rows) => (
          <Table<Attempt>
            data-testid="attempts"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={rows}
            scroll={{ x: 640 }}
            expandable={{
              expandedRowRender: (a) => (
                <div>
                  <Typography.Text strong>
                    {tx(['请求（不含令牌和密钥）', 'Request (no token or key)'])}
                  </Typography.Text>
                  <JsonBlock value={a.request} />
                  <Typography.Text strong style={{ display: 'block', marginTop: 8 }}>
                    {tx(['应答', 'Response'])}
                  </Typography.Text>
                  <JsonBlock value={a.response} />
                </div>
              ),
            }}
            columns={[
              { title: '#', dataIndex: 'attemptNo', width: 50 },
              {
                title: tx(['结果', 'Outcome']),
                dataIndex: 'outcome',
                width: 100,
                render: (v: string) => (
                  <Tag color={OUTCOME[v]?.colour ?? 'default'}>{tx(OUTCOME[v]?.text ?? v)}</Tag>
                ),
              },
              { title: tx(['返回代码', 'Code']), dataIndex: 'code', width: 90, render: (v) => v || '--' },
              { title: tx(['返回信息', 'Message']), dataIndex: 'message', render: (v) => v || '--' },
              {
                title: tx(['时间', 'Time']),
                dataIndex: 'startedAt',
                width: 170,
                render: (v: string) => formatDateTime(v),
              },
              {
                title: tx(['耗时(毫秒)', 'ms']),
                dataIndex: 'durationMs',
                width: 90,
                render: (v) => (v === null || v === undefined ? '--' : String(v)),
              },
            ]}
          />
        )}
      </QuerySection>
    </div>
  );
}
