import { describe, expect, it } from 'vitest';
import { MENU_NAMES_EN } from './menuNamesEn.ts';
import { MENU_TREE, type MenuSeed } from './menus.ts';

function seededNames(items: MenuSeed[]): string[] {
  return items.flatMap((item) => [
    item.name,
    ...(item.buttons ?? []).map((button) => button.name),
    ...seededNames(item.children ?? []),
  ]);
}

describe('English menu names', () => {
  it('names every seeded menu and button in English, so English mode shows no Chinese menu', () => {
    const missing = [...new Set(seededNames(MENU_TREE))].filter((name) => !MENU_NAMES_EN[name]);
    expect(missing, 'add these to server/src/seed/menuNamesEn.ts').toEqual([]);
    for (const english of Object.values(MENU_NAMES_EN)) expect(english).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
