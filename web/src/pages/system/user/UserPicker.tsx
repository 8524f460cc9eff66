// A searchable multi-select of users (account or name), for adding people to a role or a department role.
import type { Page } from '@freight/contracts';
import { Select, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';

interface UserOption {
  id: string;
  username: string;
  realname: string;
}

export function UserPicker({
  value,
  onChange,
  query = {},
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Extra list filters (e.g. `departId`). */
  query?: Record<string, string>;
}) {
  const tx = useBilingual();
  const [options, setOptions] = useState<UserOption[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fixed = JSON.stringify(query);

  const search = useCallback(
    (word: string) => {
      clearTimeout(timer.current);
      // Search selects wait 300 ms after the last key.
      timer.current = setTimeout(async () => {
        setLoading(true);
        try {
          const params = { ...JSON.parse(fixed), pageSize: 20, ...(word ? { username: `*${word}*` } : {}) };
          const page = await api.get<Page<UserOption>>('/sys/user/list', params);
          setOptions(page.records);
        } finally {
          setLoading(false);
        }
      }, 300);
    },
    [fixed],
  );
  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
  }, [search]);

  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      value={value}
      onChange={onChange}
      onSearch={search}
      notFoundContent={loading ? <Spin size="small" /> : tx(['没有查询到任何数据', 'No data'])}
      placeholder={tx(['输入账号搜索用户', 'Type an account to search'])}
      options={options.map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` }))}
      style={{ width: '100%' }}
      data-testid="user-picker"
    />
  );
}
