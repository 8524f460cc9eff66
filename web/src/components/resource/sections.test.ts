import { describe, expect, it } from 'vitest';
import { sectionsOf } from './sections';
import type { ResourceField } from './types';

const f = (name: string, extra: Partial<ResourceField> = {}): ResourceField => ({
  name,
  label: name,
  ...extra,
});

describe('sectionsOf', () => {
  it('groups shown fields under the last section at or before them', () => {
    const fields = [
      f('orderNo', { section: ['基本信息', 'Basics'], form: false }),
      f('goodsName'),
      f('loadProvince', { section: ['装货信息', 'Loading'] }),
      f('loadAddress'),
      f('feeTotal', { section: ['费用', 'Fees'], form: false }),
    ];
    const groups = sectionsOf(fields, (x) => x.form !== false);
    expect(groups.map((g) => [g.title, g.fields.map((x) => x.name)])).toEqual([
      [['基本信息', 'Basics'], ['goodsName']],
      [
        ['装货信息', 'Loading'],
        ['loadProvince', 'loadAddress'],
      ],
    ]);
  });

  it('keeps a declaration without sections as one untitled group', () => {
    expect(sectionsOf([f('a'), f('b')], () => true)).toEqual([{ fields: [f('a'), f('b')] }]);
  });
});
