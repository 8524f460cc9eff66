// How the operations screens (check and fill rules, data sources, gateway routes, scheduled jobs) open:
// newest first, with a form wide enough for their JSON and connection settings.
import { type DependencyList, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourcePageDef } from '../../../../components/resource';

/** The screen's definition, built again when the language (its labels) or `deps` (what `build` reads) change. */
export function useOpsScreen(deps: DependencyList, build: () => ResourcePageDef): ResourcePageDef {
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what build reads; the language stands for its labels
  return useMemo(
    () => ({ defaultSort: { column: 'createTime', order: 'desc' }, formWidth: 720, ...build() }),
    [i18n.language, ...deps],
  );
}
