// Table cell validation presets. `code` is the short code online-form configs use for the
// same preset, so a column config can name either.
import { cellText } from './cellText.ts';

export type CellPresetName =
  | 'required'
  | 'digits6to18'
  | 'any6to16'
  | 'letters6to18'
  | 'url'
  | 'email'
  | 'mobile'
  | 'postcode'
  | 'letters'
  | 'number'
  | 'integer'
  | 'money';

export interface CellPreset {
  code: string;
  title: string;
  message: string;
  test: (value: string) => boolean;
}

const byPattern =
  (pattern: RegExp) =>
  (value: string): boolean =>
    pattern.test(value);

export const CELL_PRESETS: Readonly<Record<CellPresetName, CellPreset>> = {
  required: { code: '*', title: '非空', message: '必填', test: (value) => value.trim().length > 0 },
  digits6to18: {
    code: 'n6-18',
    title: '6到18位数字',
    message: '请输入6到18位数字',
    test: byPattern(/^\d{6,18}$/),
  },
  any6to16: {
    code: '*6-16',
    title: '6到16位任意字符',
    message: '请输入6到16位任意字符',
    test: byPattern(/^.{6,16}$/u),
  },
  letters6to18: {
    code: 's6-18',
    title: '6到18位字母',
    message: '请输入6到18位字母',
    test: byPattern(/^[A-Za-z]{6,18}$/),
  },
  url: {
    code: 'url',
    title: '网址',
    message: '请输入正确的网址',
    test: byPattern(/^(?:https?|ftp):\/\/[\w-]+(?:\.[\w-]+)+(?::\d{1,5})?(?:[/?#]\S*)?$/i),
  },
  email: {
    code: 'e',
    title: '电子邮件',
    message: '请输入正确的电子邮件',
    test: byPattern(/^[\w+-]+(?:\.[\w+-]+)*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/),
  },
  mobile: { code: 'm', title: '手机号码', message: '请输入正确的手机号码', test: byPattern(/^1[3-9]\d{9}$/) },
  postcode: {
    code: 'p',
    title: '邮政编码',
    message: '请输入正确的邮政编码',
    test: byPattern(/^[1-9]\d{5}$/),
  },
  letters: { code: 's', title: '字母', message: '请输入字母', test: byPattern(/^[A-Za-z]+$/) },
  number: { code: 'n', title: '数字', message: '请输入数字', test: byPattern(/^-?\d+(?:\.\d+)?$/) },
  integer: { code: 'z', title: '整数', message: '请输入整数', test: byPattern(/^-?\d+$/) },
  money: {
    code: 'money',
    title: '金额',
    message: '请输入正确的金额',
    test: byPattern(/^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/),
  },
};

export function isCellPresetName(name: string): name is CellPresetName {
  return Object.hasOwn(CELL_PRESETS, name);
}

/** Finds a preset by its name or its online-form code ('*', 'm', 'money' ...). */
export function findCellPreset(nameOrCode: string): CellPreset | undefined {
  if (isCellPresetName(nameOrCode)) return CELL_PRESETS[nameOrCode];
  return Object.values(CELL_PRESETS).find((preset) => preset.code === nameOrCode);
}

/**
 * The preset's message when `value` fails it, else null. Only 'required' rejects an empty cell: the
 * format presets apply to what was typed, so an optional column may stay empty.
 */
export function validateCell(preset: CellPresetName, value: unknown): string | null {
  const rule = CELL_PRESETS[preset];
  const text = cellText(value);
  if (preset !== 'required' && text === '') return null;
  return rule.test(text) ? null : rule.message;
}
