// Select / radio / tag over a dictionary code, reading the login cache first.
import type { DictItem } from '@freight/contracts';
import { Alert, Radio, Select, Tag } from 'antd';
import { dictLabel } from '../../stores/dicts';
import { dictText, useDictItems } from './useDict';

function CodeMissing({ text }: { text: string }) {
  return <Alert type="error" showIcon message={text} style={{ padding: '2px 8px' }} />;
}

interface SelectProps {
  code?: string | null;
  value?: string;
  onChange?: (value: string | undefined, item?: DictItem) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: React.CSSProperties;
}

export function DictSelect({
  code,
  value,
  onChange,
  placeholder,
  allowClear = true,
  disabled,
  style,
}: SelectProps) {
  const { items, loading, error } = useDictItems(code);
  if (error) return <CodeMissing text={error} />;
  return (
    <Select
      data-testid={`dict-select-${code}`}
      value={value}
      loading={loading}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      style={{ minWidth: 160, ...style }}
      options={items.map((i) => ({ value: String(i.value), label: dictLabel(i) }))}
      onChange={(v: string | undefined) =>
        onChange?.(
          v,
          items.find((i) => String(i.value) === v),
        )
      }
    />
  );
}

export function DictRadio({
  code,
  value,
  onChange,
  disabled,
}: Omit<SelectProps, 'placeholder' | 'allowClear'>) {
  const { items, error } = useDictItems(code);
  if (error) return <CodeMissing text={error} />;
  return (
    <Radio.Group
      value={value}
      disabled={disabled}
      onChange={(e) => {
        const v = String(e.target.value);
        onChange?.(
          v,
          items.find((i) => String(i.value) === v),
        );
      }}
      options={items.map((i) => ({ value: String(i.value), label: dictLabel(i) }))}
    />
  );
}

/** The dictionary text of a value, as a tag with the item's colour when it has one. */
export function DictTag({ code, value, plain }: { code?: string | null; value: unknown; plain?: boolean }) {
  const { items, error } = useDictItems(code);
  if (error) return <CodeMissing text={error} />;
  const text = dictText(items, value);
  if (!text) return null;
  if (plain) return <span>{text}</span>;
  const color = items.find((i) => String(i.value) === String(value))?.color;
  return <Tag color={color}>{text}</Tag>;
}
