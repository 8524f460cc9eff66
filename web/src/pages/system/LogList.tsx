// 日志管理 (component `system/LogList`): login and operation logs (sys_log) on two tabs, filtered by
// content, user, IP, operation type, result and time; sorted by time or duration; the filtered rows
// exported to Excel. Each month is hash-chained (校验 checks it); months past the online period (at least 6)
// are archived to compressed files and searched here by picking the month.
import { type Envelope, LOG_TYPE, logResource, OPERATION_LOG_FIELDS } from '@freight/contracts';
import { Alert, App, Button, Select, Space, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { twoStateTags } from '../../components/resource/twoStateField';
import { getEnvelope } from '../../services/request';

interface LogMonth {
  month: number;
  archived: boolean;
  rows: number | null;
}

interface VerifyResult {
  month: number;
  source: 'online' | 'archive';
  rows: number;
  ok: boolean;
  brokenAt?: { seq: number; id: string | null; reason: string };
}

const monthText = (m: number) => `${Math.floor(m / 100)}-${String(m % 100).padStart(2, '0')}`;

const [succeeded, failed] = logResource.fields.success.options;

export function logPage(
  logType: number,
  header: ResourcePageDef['header'],
  archivedMonth: number | null = null,
): ResourcePageDef {
  const operation = logType === LOG_TYPE.operation;
  // A login line has no request: its tab leaves the operation's columns and boxes out.
  const loginOnly = Object.fromEntries(
    OPERATION_LOG_FIELDS.map((name) => [name, { list: false, search: false, detail: false }]),
  );
  return {
    ...pageOf(logResource, {
      fields: {
        ...(operation ? {} : loginOnly),
        success: { render: twoStateTags(succeeded, failed, 'red') },
      },
    }),
    ...(archivedMonth ? { listPath: '/sys/log/archive/list' } : {}),
    title: operation ? ['操作日志', 'Operation log'] : ['登录日志', 'Login log'],
    fixedQuery: archivedMonth ? { logType, month: archivedMonth } : { logType },
    header,
  };
}

/** The month picker (online months and archives) and the hash-chain check of the picked month. */
function MonthBar(props: { months: LogMonth[]; month: number | null; onMonth: (month: number) => void }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [busy, setBusy] = useState(false);
  const { months, month } = props;
  // A result belongs to the month it checked: another month clears it.
  const shown = result && result.month === month ? result : null;
  const verify = async () => {
    if (!month) return;
    setBusy(true);
    try {
      const env = (await getEnvelope<VerifyResult>('/sys/log/verify', { month })) as Envelope<VerifyResult>;
      if (!env.success) throw new Error(env.message);
      setResult(env.result);
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ padding: '0 24px 8px' }}>
      <Space wrap>
        <span>{tx(['月份', 'Month'])}</span>
        <Select
          style={{ width: 190 }}
          value={month ?? undefined}
          onChange={props.onMonth}
          data-testid="log-month"
          options={months.map((m) => ({
            value: m.month,
            label: `${monthText(m.month)}${m.archived ? tx(['（已归档）', ' (archived)']) : ''}`,
          }))}
        />
        <Button onClick={verify} loading={busy} disabled={!month} data-testid="log-verify">
          {tx(['校验哈希链', 'Verify hash chain'])}
        </Button>
      </Space>
      {shown ? (
        <Alert
          style={{ marginTop: 8 }}
          showIcon
          type={shown.ok ? 'success' : 'error'}
          data-testid="log-verify-result"
          message={
            shown.ok
              ? tx([
                  `${monthText(shown.month)} 共${shown.rows}条，哈希链完整，未发现篡改`,
                  `${monthText(shown.month)}: ${shown.rows} rows, chain intact, no tampering found`,
                ])
              : tx([
                  `${monthText(shown.month)} 校验失败：第${shown.brokenAt?.seq}条，${shown.brokenAt?.reason}`,
                  `${monthText(shown.month)} failed at row ${shown.brokenAt?.seq}: ${shown.brokenAt?.reason}`,
                ])
          }
        />
      ) : null}
    </div>
  );
}

export default function LogList() {
  const tx = useBilingual();
  const { i18n } = useTranslation();
  const [logType, setLogType] = useState<number>(LOG_TYPE.login);
  const [months, setMonths] = useState<LogMonth[]>([]);
  const [month, setMonth] = useState<number | null>(null);
  useEffect(() => {
    getEnvelope<LogMonth[]>('/sys/log/months')
      .then((env) => {
        if (!env.success || !env.result) return;
        setMonths(env.result);
        setMonth((m) => m ?? env.result?.[0]?.month ?? null);
      })
      .catch(() => undefined);
  }, []);
  const archived = months.find((m) => m.month === month && m.archived)?.month ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language stands for tx
  const def = useMemo(
    () =>
      logPage(
        logType,
        <>
          <Tabs
            activeKey={String(logType)}
            onChange={(key) => setLogType(Number(key))}
            style={{ padding: '0 24px' }}
            items={[
              { key: String(LOG_TYPE.login), label: tx(['登录日志', 'Login log']) },
              { key: String(LOG_TYPE.operation), label: tx(['操作日志', 'Operation log']) },
            ]}
            data-testid="log-tabs"
          />
          <MonthBar months={months} month={month} onMonth={setMonth} />
        </>,
        archived,
      ),
    [logType, i18n.language, months, month, archived],
  );
  // A tab (or an archived month) is a list of its own: filters and paging start afresh.
  return <ResourceListPage key={`${logType}-${archived ?? 'online'}`} def={def} />;
}
