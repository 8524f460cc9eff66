// Pieces the three report screens share: bilingual text in a modal, JSON blocks, the message state as a
// coloured tag (with "overdue" past the channel's deadline) and the report channels as select options.

import type { Page } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useBilingual } from '../../../components/resource/text';
import type { Bilingual } from '../../../components/resource/types';
import { api } from '../../../services/request';

/** Bilingual copy where no hook can run (modal titles and contents built in an action). */
export function T({ text }: { text: Bilingual }) {
  return <>{useBilingual()(text)}</>;
}

/** A request, response or built message, pretty-printed and scrollable. */
export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <Typography.Paragraph
      data-testid={testId}
      style={{
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        fontFamily: 'monospace',
        fontSize: 12,
        maxHeight: 320,
        overflow: 'auto',
        background: 'rgba(0,0,0,0.03)',
        padding: 8,
        borderRadius: 4,
        margin: 0,
      }}
    >
      {text ?? '--'}
    </Typography.Paragraph>
  );
}

const STATE_COLOURS: Record<string, string> = {
  pending: 'orange',
  sending: 'processing',
  accepted: 'green',
  failed: 'red',
};

const STATE_TEXT: Record<string, readonly [string, string]> = {
  pending: ['待上报', 'Pending'],
  sending: ['上报中', 'Sending'],
  accepted: ['已接收', 'Accepted'],
  failed: ['上报失败', 'Failed'],
};

/** The outbox state as a coloured tag; a message not accepted within its deadline is marked overdue. */
export function StateTag({ value, overdue }: { value: unknown; overdue?: boolean }) {
  const tx = useBilingual();
  const state = String(value ?? '');
  return (
    <span data-testid="report-state">
      <Tag color={STATE_COLOURS[state] ?? 'default'}>{tx(STATE_TEXT[state] ?? state)}</Tag>
      {overdue && <Tag color="volcano">{tx(['已超时', 'Overdue'])}</Tag>}
    </span>
  );
}

export interface ChannelOption {
  value: string;
  label: string;
}

/** The report channels as options (a platform has a handful: one per province). */
export function useChannelOptions(): ChannelOption[] {
  const query = useQuery({
    queryKey: ['reportChannels'],
    queryFn: () =>
      api.get<Page<Record<string, unknown>>>('/report/channel/list', { pageNo: 1, pageSize: 100 }),
    staleTime: 60_000,
  });
  return (query.data?.records ?? []).map((row) => ({
    value: String(row.id),
    label: String(row.channelName ?? row.id),
  }));
}
