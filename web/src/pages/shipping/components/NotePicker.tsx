// Picks a shipping note by its number (remote search over the note list), for complaints and evaluations.
import type { Page } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';

type Row = Record<string, unknown>;

export function NotePicker({
  value,
  onChange,
  disabled,
  status,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Only notes in these states (comma list), e.g. signed or later for evaluations. */
  status?: string;
}) {
  const tx = useBilingual();
  const [keyword, setKeyword] = useState('');
  const notes = useQuery({
    queryKey: ['notePicker', keyword, status],
    queryFn: () =>
      api.get<Page<Row>>('/shipping/hyShippingNote/list', {
        pageSize: 20,
        ...(keyword ? { shippingNoteNumber: `*${keyword}*` } : {}),
        ...(status ? { status } : {}),
      }),
  });
  return (
    <Select
      showSearch
      value={value}
      disabled={disabled}
      filterOption={false}
      onSearch={setKeyword}
      onChange={onChange}
      loading={notes.isFetching}
      placeholder={tx(['输入运单号搜索', 'Search by waybill no.'])}
      notFoundContent={tx(['没有查询到任何数据', 'No data'])}
      options={(notes.data?.records ?? []).map((n) => ({
        value: String(n.id),
        label: `${n.shippingNoteNumber} · ${n.driverName ?? ''} ${n.plateNo ?? ''}`,
      }))}
    />
  );
}
