// Dictionary cache: all items come with the login answer and are cached 7 days.
import type { DictItem, DictMap } from '@freight/contracts';
import i18n from '../locales/i18n';
import { useSession } from './session';

/** An item's text in the console's language: English items carry `textEn`, the rest fall back to Chinese. */
export function dictLabel(item: DictItem): string {
  if (i18n.language?.startsWith('en') && item.textEn) return item.textEn;
  return item.text ?? item.label ?? item.title ?? item.value;
}

/** The text of `value` in dictionary `code`, or the value itself when unknown. */
export function dictText(dicts: DictMap, code: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const found = dicts[code]?.find((item) => String(item.value) === String(value));
  return found ? dictLabel(found) : String(value);
}

export function useDict(code: string): DictItem[] {
  return useSession((s) => s.dictItems[code]) ?? [];
}
