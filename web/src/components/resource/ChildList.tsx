// The rows of a resource that belong to one parent (a bill's waybills, an invoice's waybills, a report's lines),
// listed in the parent's detail without a detail of their own.
import type { FieldDecls, ResourceDecl } from '@freight/contracts';
import { ResourceListPage } from './ResourceListPage';
import { useResourcePage } from './useResourcePage';

export function ChildList<F extends FieldDecls>({
  resource,
  parentField,
  parentId,
  exportable = true,
}: {
  resource: ResourceDecl<F>;
  /** The query field that names the parent, e.g. `billId`. */
  parentField: string;
  parentId: string;
  /** Whether the rows can be exported on their own. */
  exportable?: boolean;
}) {
  const def = useResourcePage(resource, [parentField, parentId, exportable], () => ({
    fixedQuery: { [parentField]: parentId },
    actions: exportable ? { detail: false } : { detail: false, export: false },
  }));
  return <ResourceListPage def={def} />;
}
