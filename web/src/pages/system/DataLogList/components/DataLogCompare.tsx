// Side-by-side compare of two versions of one record (reference DataLogCompareModal): every field of
// either version, the changed ones highlighted; and the version list of one record to pick them from.

import { formatDateTime } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TextProps } from 'antd/es/typography/Text';
import { useState } from 'react';
import { CompactTable } from '../../../../components/common/CompactTable';
import type { ShownFor } from '../../../../components/common/shownFor';
import { useBilingual } from '../../../../components/resource/text';
import { api, errorText } from '../../../../services/request';

type Row = Record<string, unknown>;

export interface DataLogVersion {
  id: string;
  dataTable: string;
  dataId: string;
  dataVersion: number;
  createBy?: string | null;
  createTime?: string | null;
  content?: unknown;
}

export interface FieldDiff {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

function cellText(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields of two versions' contents in the newer one's order, each marked changed or not. */
export function diffContents(older: unknown, newer: unknown): FieldDiff[] {
  const a = (older && typeof older === 'object' ? older : {}) as Row;
  const b = (newer && typeof newer === 'object' ? newer : {}) as Row;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((field) => {
    const before = cellText(a[field]);
    const after = cellText(b[field]);
    return { field, before, after, changed: before !== after };
  });
}

const versionLabel = (v: DataLogVersion) =>
  `v${v.dataVersion} · ${v.createBy ?? ''} · ${formatDateTime(v.createTime ?? '') || ''}`;

/** Two versions (log row ids) compared; null closes. */
/** One version's values, a changed one marked as `mark` says (struck out on the old side, bold on the new). */
function sideColumn(
  side: 'before' | 'after',
  title: string,
  mark: (changed: boolean) => TextProps,
): ColumnType<FieldDiff> {
  return {
    title,
    dataIndex: side,
    render: (text: string, d) => <Typography.Text {...mark(d.changed)}>{text}</Typography.Text>,
  };
}

export function CompareModal({ ids, onClose }: ShownFor<'ids', [string, string]>) {
  const tx = useBilingual();
  const [onlyChanged, setOnlyChanged] = useState(false);
  const compare = useQuery({
    queryKey: ['dataLogCompare', ids?.[0], ids?.[1]],
    queryFn: () =>
      api.get<DataLogVersion[]>('/sys/dataLog/queryCompareList', { dataId1: ids?.[0], dataId2: ids?.[1] }),
    enabled: Boolean(ids),
    retry: false,
  });
  const [older, newer] = compare.data ?? [];
  const diffs = older && newer ? diffContents(older.content, newer.content) : [];
  const shown = onlyChanged ? diffs.filter((d) => d.changed) : diffs;
  const changedCount = diffs.filter((d) => d.changed).length;
  return (
    <Modal
      open={Boolean(ids)}
      title={tx(['数据比较', 'Compare versions'])}
      width={Math.min(1000, window.innerWidth)}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {compare.error ? (
        <Alert type="error" showIcon message={errorText(compare.error)} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            {older && <Tag>{`${older.dataTable} · ${older.dataId}`}</Tag>}
            <Tag color={changedCount ? 'orange' : 'green'} data-testid="data-log-changed-count">
              {tx([`${changedCount} 个字段有变化`, `${changedCount} field(s) changed`])}
            </Tag>
            <span>
              <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} />{' '}
              {tx(['只看变化', 'Changes only'])}
            </span>
          </Space>
          <CompactTable<FieldDiff>
            rowKey="field"
            loading={compare.isLoading}
            dataSource={shown}
            scroll={{ x: 700, y: 520 }}
            rowClassName={(d) => (d.changed ? 'data-log-changed' : '')}
            onRow={(d) => ({
              'data-changed': d.changed ? 'true' : 'false',
              style: d.changed ? { background: '#fff7e6' } : undefined,
            })}
            columns={[
              { title: tx(['字段', 'Field']), dataIndex: 'field', width: 180 },
              sideColumn('before', older ? versionLabel(older) : tx(['旧版本', 'Older']), (changed) => ({
                delete: changed,
                type: changed ? 'danger' : undefined,
              })),
              sideColumn('after', newer ? versionLabel(newer) : tx(['新版本', 'Newer']), (changed) => ({
                strong: changed,
                type: changed ? 'success' : undefined,
              })),
            ]}
            data-testid="data-log-compare"
          />
        </>
      )}
    </Modal>
  );
}

/** Every version of one record; two are chosen and compared. */
export function VersionsDrawer({
  record,
  onClose,
}: ShownFor<'record', { dataTable: string; dataId: string }>) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<string[]>([]);
  const [comparing, setComparing] = useState<[string, string] | null>(null);
  const versions = useQuery({
    queryKey: ['dataLogVersions', record?.dataTable, record?.dataId],
    queryFn: () => api.get<DataLogVersion[]>('/sys/dataLog/queryDataVerList', record ?? {}),
    enabled: Boolean(record),
  });
  return (
    <Drawer
      open={Boolean(record)}
      width={Math.min(720, window.innerWidth)}
      title={`${tx(['版本记录', 'Versions'])} · ${record?.dataTable ?? ''} · ${record?.dataId ?? ''}`}
      onClose={() => {
        setChosen([]);
        onClose();
      }}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          disabled={chosen.length !== 2}
          onClick={() =>
            chosen.length === 2
              ? setComparing([chosen[0], chosen[1]])
              : message.warning(tx(['请选择两个版本', 'Choose two versions']))
          }
        >
          {tx(['比较所选版本', 'Compare selected'])}
        </Button>
      }
      data-testid="data-log-versions"
    >
      <Typography.Paragraph type="secondary">
        {tx(['勾选两个版本进行比较。', 'Tick two versions to compare them.'])}
      </Typography.Paragraph>
      <Table<DataLogVersion>
        rowKey="id"
        size="small"
        loading={versions.isLoading}
        dataSource={versions.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        rowSelection={{
          selectedRowKeys: chosen,
          // The two most recently ticked are kept.
          onChange: (keys) => setChosen(keys.map(String).slice(-2)),
        }}
        columns={[
          { title: tx(['版本号', 'Version']), dataIndex: 'dataVersion', width: 90, render: (v) => `v${v}` },
          { title: tx(['操作人', 'By']), dataIndex: 'createBy', width: 120 },
          {
            title: tx(['时间', 'Time']),
            dataIndex: 'createTime',
            render: (v: string) => formatDateTime(v) || '--',
          },
        ]}
      />
      <CompareModal ids={comparing} onClose={() => setComparing(null)} />
    </Drawer>
  );
}
