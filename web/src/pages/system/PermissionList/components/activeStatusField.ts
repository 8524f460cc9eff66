// The active/inactive status of a menu entry and of a data rule ('1' active, '0' inactive).
import type { ResourceField } from '../../../../components/resource';

export const activeStatusField: ResourceField = {
  name: 'status',
  label: ['状态', 'Status'],
  kind: 'dict',
  options: [
    { value: '1', label: ['有效', 'Active'] },
    { value: '0', label: ['无效', 'Inactive'] },
  ],
  list: { width: 80 },
};
