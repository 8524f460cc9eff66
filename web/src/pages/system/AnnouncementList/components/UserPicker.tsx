// "Chosen users" of an announcement: a searchable multi-select over accounts; the stored "a,b," text
// comes in and goes out as it is, so the form and the server speak the reference's format.
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useMemo } from 'react';
import { useTypedSearch } from '../../../../components/form/useTypedSearch';
import { useBilingual } from '../../../../components/resource/text';
import { api } from '../../../../services/request';

interface Option {
  value: string;
  label: string;
}

const split = (text: string | undefined) => (text ?? '').split(',').filter(Boolean);

export function UserPicker({
  value,
  onChange,
  disabled,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}) {
  const tx = useBilingual();
  const ids = split(value);
  const chosen = useQuery({
    queryKey: ['announcementUserLabels', ids.join(',')],
    queryFn: () => api.get<Option[]>('/sys/annountCement/userOptions', { ids: ids.join(',') }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
  const { found, search } = useTypedSearch(['announcementUserSearch'], (keyword) =>
    api.get<Option[]>('/sys/annountCement/userOptions', { keyword }),
  );
  const options = useMemo(() => {
    const all = new Map<string, Option>();
    for (const o of [...(chosen.data ?? []), ...(found.data ?? [])]) all.set(o.value, o);
    return [...all.values()];
  }, [chosen.data, found.data]);

  return (
    <Select
      mode="multiple"
      showSearch
      allowClear
      disabled={disabled}
      value={ids}
      options={options}
      filterOption={false}
      onSearch={search}
      onChange={(next: string[]) => onChange?.(next.length ? `${next.join(',')},` : '')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : tx(['没有查询到任何数据', 'No matches'])}
      placeholder={tx(['请输入搜索内容', 'Type to search users'])}
      data-testid="announcement-users"
    />
  );
}
