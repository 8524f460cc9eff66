// Remote searching select over a dictionary: `loadDict/{code}?keyword=` once the typing pauses;
// the chosen value's text comes from `loadDictItem`.
import { type DictItem, MSG } from '@freight/contracts';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../services/request';
import { useSession } from '../../stores/session';
import { useTypedSearch } from '../form/useTypedSearch';

interface Props {
  /** A dictionary code or a whitelisted `table,text,code` form. */
  dict?: string | null;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  style?: React.CSSProperties;
}

export function SearchSelect({ dict, value, onChange, placeholder, style }: Props) {
  const code = dict?.trim() ?? '';
  const cached = useSession((s) => (code && !code.includes(',') ? s.dictItems[code] : undefined));
  const [valueText, setValueText] = useState<string | null>(null);
  // A cached dictionary is searched here; an uncached one (or a table form) asks the server, and a failed
  // search offers nothing.
  const { found, search, asked } = useTypedSearch(
    ['searchSelect', code, Boolean(cached)],
    (words): Promise<DictItem[]> =>
      cached
        ? Promise.resolve(cached.filter((i) => i.text.includes(words)))
        : api
            .get<DictItem[]>(`/sys/dict/loadDict/${encodeURIComponent(code)}`, { keyword: words })
            .catch(() => []),
    { wordsRequired: true },
  );
  useEffect(() => {
    if (!code || !value) {
      setValueText(null);
      return;
    }
    const hit = cached?.find((i) => String(i.value) === value);
    if (hit) {
      setValueText(hit.text);
      return;
    }
    let live = true;
    api
      .get<string[]>(`/sys/dict/loadDictItem/${encodeURIComponent(code)}`, { key: value })
      .then((texts) => live && setValueText(texts[0] ?? value))
      .catch(() => live && setValueText(value));
    return () => {
      live = false;
    };
  }, [code, value, cached]);

  if (!code) return <span style={{ color: '#ff4d4f' }}>{MSG.dictCodeRequired}</span>;

  const list = (asked ? (found.data ?? []) : []).map((i) => ({ value: String(i.value), label: i.text }));
  if (value && valueText && !list.some((o) => o.value === value)) list.unshift({ value, label: valueText });
  return (
    <Select
      data-testid={`search-select-${code}`}
      showSearch
      allowClear
      value={value}
      filterOption={false}
      placeholder={placeholder ?? MSG.searchHint}
      style={{ minWidth: 200, ...style }}
      onSearch={search}
      onChange={(v: string | undefined) => onChange?.(v)}
      notFoundContent={found.isFetching ? <Spin size="small" /> : asked ? MSG.searchEmpty : MSG.searchHint}
      options={list}
    />
  );
}
