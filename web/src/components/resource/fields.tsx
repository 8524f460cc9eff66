// A resource field → its list column, search input and form control. One switch per concern, so a new field
// kind is added here once and every screen has it.
import {
  type ProColumns,
  ProForm,
  ProFormDatePicker,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import {
  type DictMap,
  ellipsis,
  formatDateTime,
  formatFen,
  formatPercentBp,
  formatTonnes,
  formatYuan,
} from '@freight/contracts';
import { Col, Form, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import DOMPurify from 'dompurify';
import { lazy, type ReactNode, Suspense } from 'react';
import { dictLabel, dictText } from '../../stores/dicts';
import { SearchSelect } from '../dict/SearchSelect';
import { TonnesField, YuanField } from '../form/quantityFields';
import { PopupInput } from '../popup';
import { FileUpload } from '../upload/FileUpload';
import { SignedImage } from '../upload/SignedImage';
import { ImageUpload } from './ImageUpload';
import { PinField } from './PinField';
import { rangeQuery } from './query';
import { RegionField } from './RegionField';
import type { Bilingual, ObjectSchemaLike, ResourceField } from './types';

type Row = Record<string, unknown>;
type Tx = (text: Bilingual | undefined) => string;

// The announcements' editor, loaded only when a form with rich text opens.
const RichTextEditor = lazy(() => import('../editor/RichTextEditor'));

/** The editor behind Suspense, taking the form item's value and onChange itself. */
function LazyRichText(props: { value?: string; onChange?: (html: string) => void; disabled?: boolean }) {
  return (
    <Suspense fallback={null}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** A popup's picked row fills this field and the other fields it maps to. */
function PopupField({
  field,
  value,
}: {
  field: ResourceField & { popup: NonNullable<ResourceField['popup']> };
  value?: string;
}) {
  const form = Form.useFormInstance();
  return (
    <PopupInput
      {...field.popup}
      field={field.name}
      value={value}
      onPicked={(values) => form.setFieldsValue(values)}
    />
  );
}

/** A `table,text,value` dictionary is looked up by the server as the user types, not held by the console. */
const isTableDict = (field: ResourceField) => !!field.dict?.includes(',');

/** Review states 0–4 of domain.md, for review-state fields whose dictionary item carries no colour. */
const STATE_COLOURS: Record<string, string> = {
  '0': 'default',
  '1': 'processing',
  '2': 'success',
  '3': 'error',
  '4': 'warning',
};

/**
 * A status shows as a coloured tag: the colour its dictionary item carries, else the review-state colours;
 * a field declared `tag` without a colour shows a plain tag.
 */
function tagColour(field: ResourceField, dicts: DictMap, value: unknown): string | undefined {
  const item = field.dict ? dicts[field.dict]?.find((i) => String(i.value) === String(value)) : undefined;
  if (item?.color) return item.color;
  if (field.dict === 'review_state' || field.name === 'state') return STATE_COLOURS[String(value)];
  return field.tag ? 'default' : undefined;
}

export function fieldOptions(field: ResourceField, dicts: DictMap, tx: Tx) {
  if (field.options) return field.options.map((o) => ({ value: String(o.value), label: tx(o.label) }));
  if (field.dict)
    return (dicts[field.dict] ?? []).map((item) => ({ value: item.value, label: dictLabel(item) }));
  return [];
}

/** The text a cell shows for a value (also used by the detail drawer). */
/** A cell's text; long plain text is cut at 25 characters in lists, whole in the detail drawer. */
export function displayValue(
  field: ResourceField,
  row: Row,
  dicts: DictMap,
  tx: Tx,
  options: { whole?: boolean } = {},
): ReactNode {
  const value = row[field.name];
  if (field.render) return field.render(value, row);
  if (value === null || value === undefined || value === '') return '--';
  // Fixed options read like a dictionary: the value's label, never the stored code.
  switch (field.kind ?? (field.options ? 'dict' : undefined)) {
    case 'dict': {
      // The console's own dictionary first, in the console's language; the server's Chinese text after.
      const text = field.options
        ? tx(field.options.find((o) => String(o.value) === String(value))?.label)
        : (field.dict && dicts[field.dict]?.some((i) => String(i.value) === String(value))
            ? dictText(dicts, field.dict, value)
            : undefined) || (row[`${field.name}_dictText`] as string | undefined);
      const colour = tagColour(field, dicts, value);
      return colour ? <Tag color={colour}>{text || String(value)}</Tag> : text || String(value);
    }
    case 'money':
      return typeof value === 'number' || typeof value === 'string' ? formatYuan(value) : '--';
    case 'fen':
      // Hidden fees arrive as '--' from the server (fee visibility).
      if (value === '--') return '--';
      return typeof value === 'number' || typeof value === 'string' ? formatFen(value) : '--';
    case 'datetime':
      return formatDateTime(value as string) || '--';
    case 'date':
      return String(value).slice(0, 10);
    case 'switch':
      return value === true || value === 1 || value === '1' ? tx(['是', 'Yes']) : tx(['否', 'No']);
    case 'image':
      return <SignedImage path={String(value)} width={48} height={32} style={{ objectFit: 'cover' }} />;
    case 'password':
      return '******';
    case 'region': {
      const names = (field.regionNames ?? []).map((name) => row[name]).filter(Boolean);
      if (names.length) return names.join(' / ');
      return (row[`${field.name}_dictText`] as string | undefined) || String(value);
    }
    case 'file':
      // The names the files were uploaded under, when the server gives them (online forms do).
      return (
        (row[`${field.name}_dictText`] as string | undefined) ||
        String(value)
          .split(',')
          .map((path) => path.split('/').pop())
          .join(', ')
      );
    case 'richtext': {
      // Sanitised again on display: the server's cleaning is one guard, the console's the second.
      const html = DOMPurify.sanitize(String(value));
      if (options.whole)
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify above
        return <div dangerouslySetInnerHTML={{ __html: html }} />;
      const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
      return ellipsis(text);
    }
    case 'tonnes':
      return typeof value === 'number' || typeof value === 'string' ? formatTonnes(value) : '--';
    case 'percent':
      return typeof value === 'number' || typeof value === 'string' ? formatPercentBp(value) : '--';
    case 'pin': {
      const lat = field.pin ? row[field.pin.lat] : undefined;
      return lat === null || lat === undefined || lat === ''
        ? '--'
        : `${Number(value).toFixed(6)}, ${Number(lat).toFixed(6)}`;
    }
    default: {
      const text = String(value);
      const cut = options.whole ? text : ellipsis(text);
      return cut === text ? text : <span title={text}>{cut}</span>;
    }
  }
}

export function buildColumns(fields: ResourceField[], dicts: DictMap, tx: Tx): ProColumns<Row>[] {
  const columns: ProColumns<Row>[] = [];
  for (const field of fields) {
    const listed = field.list !== false && field.kind !== 'password';
    const searchable = Boolean(field.search);
    if (!listed && !searchable) continue;
    const tune = typeof field.list === 'object' ? field.list : {};
    const title = tx(field.label);
    const column: ProColumns<Row> = {
      title,
      dataIndex: field.name,
      key: field.name,
      sorter: field.sort ?? false,
      hideInTable: !listed,
      search: false,
      width: tune.width ?? defaultWidth(field),
      fixed: tune.fixed,
      ellipsis: tune.ellipsis ?? field.kind === 'textarea',
      copyable: tune.copyable,
      render: (_dom, row) => displayValue(field, row, dicts, tx),
    };
    if (searchable) {
      const range = field.search === 'range';
      if (range && (field.kind === 'date' || field.kind === 'datetime')) {
        column.valueType = field.kind === 'date' ? 'dateRange' : 'dateTimeRange';
        column.search = { transform: (value: unknown) => rangeQuery(field.name, value) };
      } else if (field.kind === 'dict' || field.options) {
        column.valueType = 'select';
        column.search = undefined;
        column.fieldProps = { options: fieldOptions(field, dicts, tx), allowClear: true };
      } else {
        // 'like': the list matches the text anywhere (reference QueryGenerator `*x*`).
        column.search =
          field.search === 'like'
            ? {
                transform: (value: unknown) =>
                  typeof value === 'string' && value.trim() ? { [field.name]: `*${value.trim()}*` } : {},
              }
            : undefined;
        column.fieldProps = { placeholder: tx(field.placeholder) || undefined, allowClear: true };
      }
    }
    columns.push(column);
  }
  return columns;
}

function defaultWidth(field: ResourceField): number {
  switch (field.kind) {
    case 'datetime':
      return 170;
    case 'date':
      return 110;
    case 'money':
    case 'fen':
    case 'number':
      return 110;
    case 'image':
      return 80;
    case 'switch':
    case 'dict':
      return 100;
    case 'textarea':
      return 220;
    default:
      return 140;
  }
}

/**
 * A date picker holds a dayjs value until the form is submitted; the server's schema checks the text the
 * form will send ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss').
 */
function pickerText(field: ResourceField, value: unknown): unknown {
  if ((field.kind !== 'date' && field.kind !== 'datetime') || typeof value !== 'object' || value === null)
    return value;
  const format = (value as { format?: (pattern: string) => string }).format;
  if (typeof format !== 'function') return value;
  return format.call(value, field.kind === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss');
}

/**
 * Required + the declaration's own rules + the server's zod check for the field. `stored` is the value the
 * edit form opened with: a masked personal number sent back unchanged keeps the stored one on the server, so
 * only a changed one is checked.
 */
export function fieldRules(
  field: ResourceField,
  schema: ObjectSchemaLike | undefined,
  tx: Tx,
  stored?: unknown,
): Rule[] {
  const rules: Rule[] = [];
  if (field.required) {
    rules.push({ required: true, message: `${tx(['请输入', 'Please enter '])}${tx(field.label)}` });
  }
  rules.push(...(field.rules ?? []));
  const check = schema?.shape?.[field.name];
  if (check) {
    rules.push({
      validator: async (_rule, value: unknown) => {
        // Empty optional values are the required rule's business, not the format check's.
        if (value === undefined || value === null || value === '') return;
        if (field.mask && value === stored) return;
        const result = check.safeParse(
          field.kind === 'fen' || field.kind === 'percent'
            ? Math.round(Number(value) * 100)
            : field.kind === 'tonnes'
              ? Math.round(Number(value) * 1_000_000)
              : pickerText(field, value),
        );
        if (!result.success)
          throw new Error(result.error?.issues[0]?.message ?? tx(['格式不正确', 'Invalid']));
      },
    });
  }
  return rules;
}

export function FormControl({
  field,
  dicts,
  tx,
  schema,
  editing,
  editingRow,
  wide,
}: {
  field: ResourceField;
  dicts: DictMap;
  tx: Tx;
  schema: ObjectSchemaLike | undefined;
  editing: boolean;
  editingRow?: Row | null;
  wide?: boolean;
}) {
  const label = tx(field.label);
  const rules = fieldRules(field, schema, tx, editingRow?.[field.name]);
  const disabled = field.form === 'readonly' || (field.form === 'add' && editing);
  const placeholder = tx(field.placeholder) || undefined;
  const colProps = wide ? { span: 24 } : undefined;
  const extra = field.help ? tx(field.help) : undefined;
  const common = { name: field.name, label, rules, disabled, colProps, extra };
  // Items of the grid's own fields sit in a column; custom controls need theirs spelled out.
  const gridItem = (control: ReactNode, fullWidth = false) => (
    <Col xs={24} sm={fullWidth || wide ? 24 : 12}>
      <ProForm.Item name={field.name} label={label} rules={rules} extra={extra}>
        {control}
      </ProForm.Item>
    </Col>
  );
  if (field.renderFormItem) return <>{field.renderFormItem({ ...common, editing, editingRow })}</>;
  // A bare item keeps the value in the form without taking a column of the grid.
  if (field.form === 'hidden') return <Form.Item name={field.name} hidden noStyle />;
  const popup = field.popup;
  if (popup && !disabled) return gridItem(<PopupField field={{ ...field, popup }} />);
  switch (field.kind) {
    case 'textarea':
      return (
        <ProFormTextArea
          {...common}
          placeholder={placeholder}
          fieldProps={{ maxLength: 500, showCount: true }}
        />
      );
    case 'number':
      return <ProFormDigit {...common} placeholder={placeholder} />;
    case 'money':
    case 'fen':
      return <YuanField {...common} placeholder={placeholder} />;
    case 'date':
      return <ProFormDatePicker {...common} width="100%" fieldProps={{ style: { width: '100%' } }} />;
    case 'datetime':
      return <ProFormDateTimePicker {...common} fieldProps={{ style: { width: '100%' } }} />;
    case 'dict':
      if (isTableDict(field) && field.dict) return gridItem(<SearchSelect dict={field.dict} />);
      return (
        <ProFormSelect
          {...common}
          placeholder={placeholder}
          options={fieldOptions(field, dicts, tx)}
          showSearch
        />
      );
    case 'switch':
      return (
        <ProFormSwitch
          name={field.name}
          label={label}
          disabled={disabled}
          colProps={colProps}
          extra={extra}
        />
      );
    case 'password':
      return <ProFormText.Password {...common} placeholder={placeholder} />;
    case 'tonnes':
      return <TonnesField {...common} placeholder={placeholder} />;
    case 'percent':
      return (
        <ProFormDigit
          {...common}
          placeholder={placeholder}
          min={0}
          max={100}
          fieldProps={{ precision: 2, addonAfter: '%' }}
        />
      );
    case 'region':
      return gridItem(<RegionField names={field.regionNames} disabled={disabled} />);
    case 'pin':
      return gridItem(
        <PinField latName={field.pin?.lat ?? 'lat'} regionName={field.pin?.region} disabled={disabled} />,
      );
    case 'image':
      return gridItem(<ImageUpload biz={field.biz} disabled={disabled} ocr={field.ocr} />);
    case 'file':
      return gridItem(<FileUpload biz={field.biz} disabled={disabled} />);
    case 'richtext':
      return gridItem(<LazyRichText disabled={disabled} />, true);
    default:
      return <ProFormText {...common} placeholder={placeholder} />;
  }
}

/** Values a form opens with: fen shown as yuan; everything else as stored. */
export function toFormValues(fields: ResourceField[], row: Row): Row {
  const out: Row = { ...row };
  for (const field of fields) {
    const value = row[field.name];
    if (
      (field.kind === 'fen' || field.kind === 'percent') &&
      (typeof value === 'number' || typeof value === 'string') &&
      value !== '--'
    )
      out[field.name] = Number(value) / 100;
    if (field.kind === 'tonnes' && (typeof value === 'number' || typeof value === 'string'))
      out[field.name] = Number(value) / 1_000_000;
    if ((field.kind === 'dict' || field.options) && value !== null && value !== undefined)
      out[field.name] = String(value);
  }
  return out;
}

/** Form values → request body: yuan back to fen, empty strings dropped. */
export function fromFormValues(fields: ResourceField[], values: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === '' || value === undefined) continue;
    out[key] = value;
  }
  for (const field of fields) {
    const value = out[field.name];
    if ((field.kind === 'fen' || field.kind === 'percent') && value !== null && value !== undefined)
      out[field.name] = Math.round(Number(value) * 100);
    if (field.kind === 'tonnes' && value !== null && value !== undefined)
      out[field.name] = Math.round(Number(value) * 1_000_000);
  }
  return out;
}
