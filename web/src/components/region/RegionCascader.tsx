// Province / city / district picker over the seeded administrative divisions, loaded level by level. The value
// is the district's six-digit code; `onPick` also gives the three names, which places store beside the code.
import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../services/request';
import { useBilingual } from '../resource/text';

interface Division {
  code: string;
  name: string;
  level: number;
  isLeaf: boolean;
}

interface Option {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Option[];
}

const toOption = (d: Division): Option => ({ value: d.code, label: d.name, isLeaf: d.isLeaf });

export interface RegionPick {
  code: string;
  names: string[];
}

export function RegionCascader({
  value,
  onChange,
  onPick,
  disabled,
  id,
}: {
  value?: string | null;
  onChange?: (code: string | null) => void;
  onPick?: (pick: RegionPick | null) => void;
  disabled?: boolean;
  id?: string;
}) {
  const tx = useBilingual();
  const [options, setOptions] = useState<Option[]>([]);
  const [path, setPath] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    void api.get<Division[]>('/sys/division/children').then((rows) => live && setOptions(rows.map(toOption)));
    return () => {
      live = false;
    };
  }, []);

  // An edited record opens on its district: load its chain and the levels above it.
  useEffect(() => {
    if (!value || path.at(-1) === value) return;
    let live = true;
    void (async () => {
      const chain = await api.get<Division[]>('/sys/division/path', { code: value }).catch(() => []);
      if (!live || chain.length === 0) return;
      const levels = await Promise.all(
        chain.slice(0, -1).map((d) => api.get<Division[]>('/sys/division/children', { parentCode: d.code })),
      );
      if (!live) return;
      setOptions((current) => {
        const next = [...current];
        let list = next;
        chain.slice(0, -1).forEach((d, i) => {
          const node = list.find((o) => o.value === d.code);
          if (!node) return;
          node.children = levels[i]?.map(toOption);
          list = node.children ?? [];
        });
        return next;
      });
      setPath(chain.map((d) => d.code));
    })();
    return () => {
      live = false;
    };
  }, [value, path]);

  return (
    <Cascader<Option>
      id={id}
      disabled={disabled}
      style={{ width: '100%' }}
      options={options}
      value={value ? path : []}
      placeholder={tx(['请选择省 / 市 / 区县', 'Province / city / district'])}
      changeOnSelect={false}
      showSearch={false}
      loadData={async (selected) => {
        const target = selected.at(-1);
        if (!target) return;
        const rows = await api.get<Division[]>('/sys/division/children', { parentCode: target.value });
        target.children = rows.map(toOption);
        setOptions((current) => [...current]);
      }}
      onChange={(codes, picked) => {
        const list = (codes ?? []) as string[];
        setPath(list);
        const district = list.at(-1) ?? null;
        onChange?.(district);
        onPick?.(district ? { code: district, names: (picked ?? []).map((o) => o.label) } : null);
      }}
    />
  );
}
