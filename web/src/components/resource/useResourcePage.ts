// A screen's definition is rebuilt only when what its options read changes: the list keeps its state
// (columns, pages, open dialogs) across renders.
import type { FieldDecls, ResourceDecl } from '@freight/contracts';
import { type DependencyList, useMemo } from 'react';
import { type PageOptions, pageOf } from './pageOf';
import type { ResourcePageDef } from './types';

/** `pageOf(decl, options())`, built again when `deps` (what `options` reads) change. */
export function useResourcePage<F extends FieldDecls>(
  decl: ResourceDecl<F>,
  deps: DependencyList,
  options: () => PageOptions<F>,
): ResourcePageDef {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what its options read
  return useMemo(() => pageOf(decl, options()), [decl, ...deps]);
}
