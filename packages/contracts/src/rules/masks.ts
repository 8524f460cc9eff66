import type { MaskKind } from '../resource.ts';

/** `110101********1234`: region and last four of a resident ID. */
export function maskIdCard(value: string): string {
  if (value.length < 10) return '*'.repeat(value.length);
  return `${value.slice(0, 6)}${'*'.repeat(value.length - 10)}${value.slice(-4)}`;
}

/** `**** 1234`: last four of a bank card. */
export function maskBankCard(value: string): string {
  const digits = value.replace(/\s+/g, '');
  return digits.length <= 4 ? '****' : `**** ${digits.slice(-4)}`;
}

/** `138****1234`: network prefix and last four of a mobile. */
export function maskMobile(value: string): string {
  if (value.length < 7) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}

/** `张*`, `欧阳**`: the first character of a person's name. */
export function maskName(value: string): string {
  const chars = [...value];
  return chars.length <= 1 ? value : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

const MASKS: Record<MaskKind, (value: string) => string> = {
  idCard: maskIdCard,
  bankCard: maskBankCard,
  mobile: maskMobile,
};

/** The masked text of a personal number; empty values stay as they are. */
export function maskValue(kind: MaskKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  return MASKS[kind](String(value));
}
