// Columns many hand-written list pages share, declared once.
import type { ResourceField } from './types';

/** 创建时间: shown and sorted, never in a form; `extra` adds e.g. a range search. */
export function createTimeField(extra: Partial<ResourceField> = {}): ResourceField {
  return {
    name: 'createTime',
    label: ['创建时间', 'Created'],
    kind: 'datetime',
    form: false,
    sort: true,
    ...extra,
  };
}
