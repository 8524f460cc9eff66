export type { CellType, EditableColumn } from './EditableCell';
export { cellError, cellRenderCounts, FLASH_MS } from './EditableCell';
export type { CellErrorInfo, EditableTableHandle, EditableTableProps } from './EditableTable';
export { EditableTable, SUB_TABLE_FAILED } from './EditableTable';
export { RowStore } from './rowStore';
export { rowUpdateFor, useVxeSocket, vxeSocketUrl } from './useVxeSocket';
