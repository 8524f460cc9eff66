import { type AuthList, splitActions } from './permission.ts';

// Editable-table toolbar buttons are hidden by permission codes that share a prefix
// (for example `order:add`, `order:batch_delete` under prefix `order:`).

export type ToolbarButton = 'add' | 'remove' | 'save';

/** Which toolbar button each code suffix governs; `batch_delete` hides remove. */
export const TOOLBAR_BUTTON_OF_CODE: Readonly<Record<string, ToolbarButton>> = {
  add: 'add',
  batch_delete: 'remove',
  save: 'save',
};

function suffixesUnder(prefix: string, list: AuthList, enabledOnly: boolean): string[] {
  const out: string[] = [];
  for (const entry of list ?? []) {
    // Type '2' entries disable, they never hide.
    if (entry.type === '2') continue;
    // A rule switched off (status '0') hides nothing, as in the button check.
    if (enabledOnly && entry.status === '0') continue;
    for (const code of splitActions(entry.action)) {
      if (code.length > prefix.length && code.startsWith(prefix)) out.push(code.slice(prefix.length));
    }
  }
  return out;
}

/**
 * Code suffixes the system defines (and has switched on) under `prefix` that the user does not hold.
 * Codes nobody configured are not listed: an unconfigured button stays visible.
 */
export function missingPrefixedCodes(prefix: string, authList: AuthList, allAuthList: AuthList): string[] {
  if (!prefix) return [];
  const held = new Set(suffixesUnder(prefix, authList, false));
  const missing = suffixesUnder(prefix, allAuthList, true).filter((code) => !held.has(code));
  return [...new Set(missing)];
}

/** Toolbar buttons to hide for this user under `prefix`. */
export function hiddenToolbarButtons(
  prefix: string,
  authList: AuthList,
  allAuthList: AuthList,
): ToolbarButton[] {
  const hidden = new Set<ToolbarButton>();
  for (const code of missingPrefixedCodes(prefix, authList, allAuthList)) {
    const button = TOOLBAR_BUTTON_OF_CODE[code];
    if (button) hidden.add(button);
  }
  return [...hidden];
}
