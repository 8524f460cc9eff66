import { describe, expect, it } from 'vitest';
import { pageTotalText, pickText } from './text';

describe('pagination total', () => {
  it('speaks the console language, so an English console shows no Chinese total', () => {
    const english = pageTotalText((text) => pickText(text, 'en-US'));
    const chinese = pageTotalText((text) => pickText(text, 'zh-CN'));
    expect(english(25, [11, 20])).toBe('11-20 of 25');
    expect(chinese(25, [11, 20])).toBe('11-20 共 25 条');
  });
});
