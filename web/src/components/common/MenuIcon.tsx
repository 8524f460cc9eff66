// Menu icons by antd icon name (server menu meta.icon). A curated set keeps the bundle small;
// unknown names fall back to a neutral icon.
import type { ComponentType } from 'react';
import * as iconSet from './menuIconSet';

const ICONS: Readonly<Record<string, ComponentType>> = iconSet;

/** Accepts 'SettingOutlined', 'setting' or 'setting-outlined' style names. */
export function iconComponent(name: string | undefined): ComponentType | null {
  if (!name) return null;
  if (ICONS[name]) return ICONS[name];
  const pascal = name
    .split(/[-_\s]/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');
  return ICONS[pascal] ?? ICONS[`${pascal}Outlined`] ?? null;
}

export function MenuIcon({ name }: { name?: string }) {
  const Icon = iconComponent(name) ?? iconSet.AppstoreOutlined;
  return <Icon />;
}
