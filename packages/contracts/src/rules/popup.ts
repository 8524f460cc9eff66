import { POPUP_ROW_KEY_MAX } from '../constants.ts';
import { MSG } from '../messages.ts';
import { cellText } from './cellText.ts';

// Record-picking popup rules.

export interface PopupConfig {
  code?: string | null;
  /** Comma list of source fields of the report rows. */
  orgFields?: string | null;
  /** Comma list of target fields of the form, one per source field. */
  destFields?: string | null;
}

export type PopupRow = Record<string, unknown>;

function fieldList(list: string | null | undefined): string[] {
  return (list ?? '').split(',').map((field) => field.trim());
}

function blank(value: string | null | undefined): boolean {
  return !value || value.trim() === '';
}

/** The config's error message, or null when it is usable. */
export function validatePopupConfig(config: PopupConfig): string | null {
  if (blank(config.code) || blank(config.orgFields) || blank(config.destFields))
    return MSG.popupMisconfigured;
  if (fieldList(config.orgFields).length !== fieldList(config.destFields).length) {
    return MSG.popupFieldCountMismatch;
  }
  return null;
}

/** A single-select popup must confirm exactly one row. */
export function checkPopupSelection(rows: readonly PopupRow[], multi: boolean): string | null {
  if (!multi && rows.length !== 1) return MSG.selectOneRecord;
  return null;
}

/**
 * Copies each source field of the chosen rows to its target field; with several rows
 * (multi-select) the values are joined with ','. Check the config with validatePopupConfig first.
 */
export function mapPopupRows(
  rows: readonly PopupRow[],
  orgFields: string,
  destFields: string,
): Record<string, string> {
  const sources = fieldList(orgFields);
  const targets = fieldList(destFields);
  const result: Record<string, string> = {};
  targets.forEach((target, i) => {
    result[target] = rows.map((row) => cellText(row[sources[i]])).join(',');
  });
  return result;
}

/**
 * Row key of a report row (rows may lack an id), truncated to 50 characters: the id when
 * there is one, else the row's values run together.
 */
export function popupRowKey(row: PopupRow): string {
  const id = cellText(row.id);
  const key = id !== '' ? id : Object.values(row).map(cellText).join('');
  return Array.from(key).slice(0, POPUP_ROW_KEY_MAX).join('');
}
