// A searchable multi-select of users (account or name), for adding people to a role or a department role.
import type { Page } from '@freight/contracts';
import { Select, Spin } from 'antd';
import { useTypedSearch } from '../../../components/form/useTypedSearch';
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
  const fixed = JSON.stringify(query);
  const { found, search } = useTypedSearch(['userPicker', fixed], (word) =>
    api.get<Page<UserOption>>('/sys/user/list', {
      ...JSON.parse(fixed),
      pageSize: 20,
      ...(word ? { username: `*${word}*` } : {}),
    }),
  );
  const options = found.data?.records ?? [];

  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      value={value}
      onChange={onChange}
      onSearch={search}
      notFoundContent={found.isFetching ? <Spin size="small" /> : tx(['没有查询到任何数据', 'No data'])}
      placeholder={tx(['输入账号搜索用户', 'Type an account to search'])}
      options={options.map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` }))}
      style={{ width: '100%' }}
      data-testid="user-picker"
    />
  );
}
