import { describe, expect, it } from 'vitest';
import {
  CELL_PRESETS,
  type CellPresetName,
  findCellPreset,
  isCellPresetName,
  validateCell,
} from './validationPresets.ts';

const cases: Record<CellPresetName, { ok: string[]; bad: string[] }> = {
  required: { ok: ['a', ' x '], bad: ['   '] },
  digits6to18: { ok: ['123456', '1'.repeat(18)], bad: ['12345', '1'.repeat(19), '12345a'] },
  any6to16: {
    ok: ['a b c!', '货运平台网络货运', 'x'.repeat(16)],
    bad: ['abcde', 'x'.repeat(17), 'abc\ndef'],
  },
  letters6to18: { ok: ['abcDEF', 'a'.repeat(18)], bad: ['abcde', 'abc12f', 'a'.repeat(19)] },
  url: {
    ok: ['http://example.com', 'https://a.b.cn:8080/x?y=1#z', 'ftp://files.example.org'],
    bad: ['example.com', 'http://localhost', 'https://a b.com', 'mailto:x@y.com'],
  },
  email: { ok: ['a@b.cn', 'first.last+tag@mail.example.com'], bad: ['a@b', '@b.cn', 'a@@b.cn', 'a.@b.cn'] },
  mobile: { ok: ['13800138000', '19912345678'], bad: ['12800138000', '1380013800', '138001380001'] },
  postcode: { ok: ['100000', '518057'], bad: ['010000', '10000', '1000000'] },
  letters: { ok: ['a', 'AbC'], bad: ['ab1', 'a b'] },
  number: { ok: ['0', '-1', '3.14', '-0.5'], bad: ['1.', '.5', '1e3', '--1'] },
  integer: { ok: ['0', '-12', '42'], bad: ['1.0', '+1', 'a'] },
  money: { ok: ['0', '0.5', '12.34', '1000'], bad: ['01', '1.234', '-1', '1.'] },
};

describe('CELL_PRESETS', () => {
  for (const [name, { ok, bad }] of Object.entries(cases) as [
    CellPresetName,
    { ok: string[]; bad: string[] },
  ][]) {
    it(`${name} accepts valid and rejects invalid values`, () => {
      for (const value of ok) expect(validateCell(name, value), value).toBeNull();
      for (const value of bad) expect(validateCell(name, value), value).toBe(CELL_PRESETS[name].message);
    });
  }

  it('says 必填 for an empty required cell, null or undefined included', () => {
    expect(validateCell('required', '')).toBe('必填');
    expect(validateCell('required', null)).toBe('必填');
    expect(validateCell('required', undefined)).toBe('必填');
  });
  it('lets format presets pass an empty cell', () => {
    expect(validateCell('mobile', '')).toBeNull();
    expect(validateCell('money', null)).toBeNull();
  });
  it('checks numbers given as numbers', () => {
    expect(validateCell('integer', 12)).toBeNull();
    expect(validateCell('integer', 1.5)).toBe('请输入整数');
  });
});

describe('preset lookup', () => {
  it('finds by name or online-form code', () => {
    expect(findCellPreset('mobile')).toBe(CELL_PRESETS.mobile);
    expect(findCellPreset('m')).toBe(CELL_PRESETS.mobile);
    expect(findCellPreset('*')).toBe(CELL_PRESETS.required);
    expect(findCellPreset('nope')).toBeUndefined();
  });
  it('tells preset names apart from other strings', () => {
    expect(isCellPresetName('money')).toBe(true);
    expect(isCellPresetName('toString')).toBe(false);
  });
});
