// The items of one dictionary (dictItem add/edit): sort order, colour, enable and disable.
import { dictItemBody } from '@freight/contracts';
import { Tag } from 'antd';
import type { ResourcePageDef } from '../../../components/resource';
import { api } from '../../../services/request';

type Row = Record<string, unknown>;
const setStatus = (status: 0 | 1) => async (rows: Row[], helpers: { reload: () => void }) => {
  await api.put('/sys/dictItem/status', { ids: rows.map((r) => String(r.id)).join(','), status });
  helpers.reload();
};

export function dictItemsPage(dictId: string, onChanged: () => void): ResourcePageDef {
  return {
    api: '/sys/dictItem',
    title: ['字典数据', 'Items'],
    perm: 'system:dict',
    schema: dictItemBody,
    fixedQuery: { dictId },
    addDefaults: { dictId, status: '1', sortOrder: 1 },
    actions: { detail: false },
    defaultSort: { column: 'sortOrder', order: 'asc' },
    formWidth: 560,
    onChanged,
    fields: [
      { name: 'dictId', label: ['字典', 'Dictionary'], list: false, form: false, detail: false },
      { name: 'itemText', label: ['名称', 'Text'], required: true, search: true, sort: true },
      { name: 'itemValue', label: ['数据值', 'Value'], required: true, search: true, sort: true },
      {
        name: 'itemTextEn',
        label: ['英文名称', 'English text'],
        help: [
          '英文界面显示的名称，留空时显示中文名称',
          'Shown in English mode; the Chinese text when empty',
        ],
        list: { width: 140 },
      },
      {
        name: 'itemColor',
        label: ['颜色', 'Colour'],
        placeholder: ['如 green 或 #52c41a', 'e.g. green or #52c41a'],
        list: { width: 90 },
        render: (value) => (value ? <Tag color={String(value)}>{String(value)}</Tag> : '--'),
      },
      { name: 'sortOrder', label: ['排序', 'Order'], kind: 'number', sort: true, list: { width: 80 } },
      { name: 'description', label: ['描述', 'Description'], list: { width: 160, ellipsis: true } },
      {
        name: 'status',
        label: ['状态', 'Status'],
        kind: 'dict',
        dict: 'valid_status',
        search: true,
        sort: true,
        list: { width: 80 },
      },
    ],
    rowActions: [
      {
        key: 'disable',
        label: ['禁用', 'Disable'],
        perm: 'system:dict:edit',
        visible: (row) => Number(row.status) === 1,
        run: (row, helpers) => setStatus(0)([row], helpers),
      },
      {
        key: 'enable',
        label: ['启用', 'Enable'],
        perm: 'system:dict:edit',
        visible: (row) => Number(row.status) !== 1,
        run: (row, helpers) => setStatus(1)([row], helpers),
      },
    ],
    toolbar: [
      {
        key: 'enableBatch',
        label: ['批量启用', 'Enable selected'],
        perm: 'system:dict:edit',
        batch: true,
        run: setStatus(1),
      },
      {
        key: 'disableBatch',
        label: ['批量禁用', 'Disable selected'],
        perm: 'system:dict:edit',
        batch: true,
        run: setStatus(0),
      },
    ],
  };
}
