// The record's detail drawer: every declared field as text, and for reviewed parties the review timeline.
import { DETAIL_LIST_MAX_COLUMNS, formatDateTime } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Grid, Spin, Timeline, Typography } from 'antd';
import { api } from '../../services/request';
import { useSession } from '../../stores/session';
import { usePageActive } from '../common/pageActive';
import { QuerySection } from '../common/QuerySection';
import { displayValue } from './fields';
import { sectionsOf } from './sections';
import { useBilingual } from './text';
import type { ResourcePageDef } from './types';

type Row = Record<string, unknown>;

interface ReviewLogEntry {
  id: string;
  fromState: number;
  toState: number;
  reason?: string | null;
  operator: string;
  createTime: string;
}

const STATE_TEXT: Record<number, readonly [string, string]> = {
  0: ['草稿', 'Draft'],
  1: ['待审核', 'Pending'],
  2: ['已通过', 'Approved'],
  3: ['已驳回', 'Rejected'],
  4: ['已过期', 'Expired'],
};

export function DetailDrawer({
  def,
  row: listed,
  onClose,
}: {
  def: ResourcePageDef;
  row: Row | null;
  onClose: () => void;
}) {
  const tx = useBilingual();
  const dicts = useSession((s) => s.dictItems);
  const screens = Grid.useBreakpoint();
  const id = listed ? String(listed[def.rowKey ?? 'id']) : null;
  // Lists mask personal numbers for everyone; the record shows them whole to a holder of the sensitive code
  // (and the server logs that), so a list with masked fields reads its details from the record.
  const fromRecord = Boolean(def.detailFromRecord || def.fields.some((field) => field.mask));
  const record = useQuery({
    queryKey: ['record', def.api, id],
    queryFn: () => api.get<Row>(`${def.api}/queryById`, { id }),
    enabled: Boolean(fromRecord && id),
  });
  const row = fromRecord ? (record.data ?? null) : listed;
  const log = useQuery({
    queryKey: ['reviewLog', def.api, id],
    queryFn: () => api.get<ReviewLogEntry[]>(`${def.api}/reviewLog`, { id }),
    enabled: Boolean(def.review && id),
  });
  const fields = def.fields.filter((f) => f.detail !== false && f.kind !== 'password');
  // Shown only while its page is in front: a link in the drawer, or another tab, leaves it behind with its page.
  const pageActive = usePageActive();

  return (
    <Drawer
      open={Boolean(listed) && pageActive}
      onClose={onClose}
      title={`${tx(def.title)} · ${tx(['详情', 'Details'])}`}
      width={screens.xxl ? 1200 : screens.md ? 720 : '100%'}
      destroyOnHidden
    >
      {fromRecord && record.isLoading && <Spin style={{ display: 'block' }} />}
      {fromRecord && record.isError && (
        <Empty description={tx(['详情加载失败', 'The record could not be loaded'])} />
      )}
      {row &&
        // One table per titled section of the declaration (a long record reads by topic).
        sectionsOf(def.fields, (f) => fields.includes(f)).map((section, i) => (
          <Descriptions
            key={section.fields[0]?.name ?? i}
            title={section.title ? tx(section.title) : undefined}
            style={{ marginBottom: 16 }}
            bordered
            size="small"
            // Up to 4 columns where the screen is wide enough for them.
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: DETAIL_LIST_MAX_COLUMNS }}
          >
            {section.fields.map((field) => (
              <Descriptions.Item key={field.name} label={tx(field.label)}>
                {displayValue(field, row, dicts, tx, { whole: true })}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ))}
      {row && def.detailExtra?.(row)}
      {def.review && (
        <QuerySection
          title={tx(['审核记录', 'Review history'])}
          query={log}
          empty={tx(['暂无审核记录', 'No reviews yet'])}
        >
          {(rows) => (
            <Timeline
              items={rows.map((entry) => ({
                color: entry.toState === 2 ? 'green' : entry.toState === 3 ? 'red' : 'blue',
                children: (
                  <div data-testid="review-entry">
                    <div>
                      {tx(STATE_TEXT[entry.fromState] ?? String(entry.fromState))} →{' '}
                      {tx(STATE_TEXT[entry.toState] ?? String(entry.toState))}
                    </div>
                    <Typography.Text type="secondary">
                      {entry.operator} · {formatDateTime(entry.createTime)}
                    </Typography.Text>
                    {entry.reason && <div>{entry.reason}</div>}
                  </div>
                ),
              }))}
            />
          )}
        </QuerySection>
      )}
    </Drawer>
  );
}
