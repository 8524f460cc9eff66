export { createTimeField } from './commonFields';
export { type PageOptions, pageOf } from './pageOf';
export { ResourceListPage } from './ResourceListPage';
export { twoStateField } from './twoStateField';
export type { FormItemContext, ResourceField, ResourcePageDef, RowAction, ToolbarAction } from './types';
export { useCan } from './useCan';
export { type PageDialog, usePageDialog } from './usePageDialog';
export { useResourcePage } from './useResourcePage';
