// Remote searching select over a dictionary: `loadDict/{code}?keyword=` after 300 ms of quiet;
// the chosen value's text comes from `loadDictItem`.
import { type DictItem, MSG } from '@freight/contracts';
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../services/request';
import { useSession } from '../../stores/session';

export const SEARCH_DEBOUNCE_MS = 300;

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
  const [options, setOptions] = useState<DictItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [searched, setSearched] = useState(false);
  const [valueText, setValueText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);
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

  function search(keyword: string) {
    clearTimeout(timer.current);
    if (!keyword.trim()) {
      setOptions([]);
      setSearched(false);
      return;
    }
    timer.current = setTimeout(() => {
      const mine = ++seq.current;
      const kw = keyword.trim();
      if (cached) {
        setOptions(cached.filter((i) => i.text.includes(kw)));
        setSearched(true);
        return;
      }
      setLoading(true);
      api
        .get<DictItem[]>(`/sys/dict/loadDict/${encodeURIComponent(code)}`, { keyword: kw })
        .then((items) => mine === seq.current && setOptions(items))
        .catch(() => mine === seq.current && setOptions([]))
        .finally(() => {
          if (mine === seq.current) {
            setLoading(false);
            setSearched(true);
          }
        });
    }, SEARCH_DEBOUNCE_MS);
  }

  const list = options.map((i) => ({ value: String(i.value), label: i.text }));
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
      notFoundContent={loading ? <Spin size="small" /> : searched ? MSG.searchEmpty : MSG.searchHint}
      options={list}
    />
  );
}
