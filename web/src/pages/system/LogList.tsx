// 日志管理 (component `system/LogList`): login and operation logs (sys_log) on two tabs, filtered by
// content, user, IP, operation type, result and time; sorted by time or duration; the filtered rows
// exported to Excel.
import { Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';

const LOGIN = 1;
const OPERATION = 2;

export function logPage(
  logType: number,
  tx: ReturnType<typeof useBilingual>,
  header: ResourcePageDef['header'],
): ResourcePageDef {
  const operation = logType === OPERATION;
  return {
    api: '/sys/log',
    title: operation ? ['操作日志', 'Operation log'] : ['登录日志', 'Login log'],
    perm: 'system:log',
    fixedQuery: { logType },
    defaultSort: { column: 'createTime', order: 'desc' },
    actions: { add: false, edit: false, delete: false, import: false },
    header,
    fields: [
      {
        name: 'logContent',
        label: ['日志内容', 'Content'],
        search: 'like',
        list: { width: 280, ellipsis: true },
      },
      { name: 'username', label: ['操作人', 'User'], search: 'like', sort: true, list: { width: 120 } },
      { name: 'ip', label: ['IP', 'IP'], search: 'like', sort: true, list: { width: 130 } },
      ...(operation
        ? ([
            {
              name: 'operateType',
              label: ['操作类型', 'Operation'],
              kind: 'dict',
              dict: 'operate_type',
              search: true,
              sort: true,
              list: { width: 90 },
            },
            { name: 'method', label: ['请求方法', 'Method'], search: true, list: { width: 90 } },
            {
              name: 'requestUrl',
              label: ['请求路径', 'Request path'],
              search: 'like',
              list: { width: 240, ellipsis: true },
            },
            { name: 'requestParam', label: ['请求参数', 'Parameters'], list: false },
            { name: 'statusCode', label: ['状态码', 'Status'], kind: 'number', list: { width: 80 } },
          ] satisfies ResourcePageDef['fields'])
        : []),
      {
        name: 'success',
        label: ['结果', 'Result'],
        kind: 'dict',
        options: [
          { value: '1', label: ['成功', 'Succeeded'] },
          { value: '0', label: ['失败', 'Failed'] },
        ],
        search: true,
        sort: true,
        list: { width: 80 },
        render: (value) =>
          Number(value) === 1 ? (
            <Tag color="green">{tx(['成功', 'Succeeded'])}</Tag>
          ) : (
            <Tag color="red">{tx(['失败', 'Failed'])}</Tag>
          ),
      },
      {
        name: 'costTime',
        label: ['耗时(毫秒)', 'Duration (ms)'],
        kind: 'number',
        sort: true,
        list: { width: 110 },
      },
      {
        name: 'createTime',
        label: ['时间', 'Time'],
        kind: 'datetime',
        search: 'range',
        sort: true,
      },
    ],
  };
}

export default function LogList() {
  const tx = useBilingual();
  const { i18n } = useTranslation();
  const [logType, setLogType] = useState(LOGIN);
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language stands for tx
  const def = useMemo(
    () =>
      logPage(
        logType,
        tx,
        <Tabs
          activeKey={String(logType)}
          onChange={(key) => setLogType(Number(key))}
          style={{ padding: '0 24px' }}
          items={[
            { key: String(LOGIN), label: tx(['登录日志', 'Login log']) },
            { key: String(OPERATION), label: tx(['操作日志', 'Operation log']) },
          ]}
          data-testid="log-tabs"
        />,
      ),
    [logType, i18n.language],
  );
  // A tab is a list of its own: filters and paging start afresh.
  return <ResourceListPage key={logType} def={def} />;
}
