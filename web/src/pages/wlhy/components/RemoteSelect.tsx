// A select whose options come from a list API as the user types (drivers, vehicles, customers): the
// form keeps the id; the label is the record's name.
import type { Page } from '@freight/contracts';
import { Select, Spin } from 'antd';
import { useTypedSearch } from '../../../components/form/useTypedSearch';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';

type Row = Record<string, unknown>;

export interface RemoteSelectProps {
  /** List API, e.g. `/hydriver/hyDriver/list`. */
  api: string;
  /** Query key matched with `*text*`, e.g. `driverName`. */
  searchKey: string;
  /** The option's label from a row. */
  label: (row: Row) => string;
  valueKey?: string;
  /** Fixed filters, e.g. `{ state: 2 }` for approved records only. */
  query?: Record<string, string | number>;
  value?: string | null;
  onChange?: (value: string | null, row?: Row) => void;
  /** Label of the current value when it is not among the options (an edit form). */
  initialLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: React.CSSProperties;
  'data-testid'?: string;
}

export function RemoteSelect({
  api: url,
  searchKey,
  label,
  valueKey = 'id',
  query,
  value,
  onChange,
  initialLabel,
  placeholder,
  disabled,
  style,
  ...rest
}: RemoteSelectProps) {
  const tx = useBilingual();
  const fixed = JSON.stringify(query ?? {});
  const { found, search } = useTypedSearch(['remoteSelect', url, searchKey, fixed], (words) => {
    const params: Record<string, unknown> = { pageNo: 1, pageSize: 20, ...JSON.parse(fixed) };
    if (words) params[searchKey] = `*${words}*`;
    return api.get<Page<Row>>(url, params);
  });
  const rows = found.data?.records ?? [];

  const options = rows.map((row) => ({ value: String(row[valueKey]), label: label(row), row }));
  if (value && initialLabel && !options.some((o) => o.value === value))
    options.unshift({ value, label: initialLabel, row: {} });

  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      placeholder={placeholder ?? tx(['请输入搜索内容', 'Type to search'])}
      notFoundContent={found.isFetching ? <Spin size="small" /> : tx(['没有查询到任何数据', 'No data found'])}
      onSearch={search}
      onChange={(v, option) => onChange?.(v ?? null, (option as { row?: Row } | undefined)?.row)}
      options={options}
      disabled={disabled}
      style={{ width: '100%', ...style }}
      data-testid={rest['data-testid']}
    />
  );
}

/** Searching the drivers by name; an option shows the name and the mobile. */
export const DRIVER_SEARCH = {
  api: '/hydriver/hyDriver/list',
  searchKey: 'driverName',
  label: (r: Row) => `${String(r.driverName)}（${String(r.mobile ?? '')}）`,
} as const;

/** Searching the vehicles by plate. */
export const VEHICLE_SEARCH = {
  api: '/hyvehicle/hyVehicle/list',
  searchKey: 'plateNo',
  label: (r: Row) => String(r.plateNo),
} as const;
