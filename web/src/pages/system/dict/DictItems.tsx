// The items of one dictionary (dictItem add/edit): sort order, colour, enable and disable.
import { dictItemResource } from '@freight/contracts';
import { Tag } from 'antd';
import { pageOf, type ResourcePageDef } from '../../../components/resource';
import { api } from '../../../services/request';

type Row = Record<string, unknown>;
const setStatus = (status: 0 | 1) => async (rows: Row[], helpers: { reload: () => void }) => {
  await api.put('/sys/dictItem/status', { ids: rows.map((r) => String(r.id)).join(','), status });
  helpers.reload();
};

export function dictItemsPage(dictId: string, onChanged: () => void): ResourcePageDef {
  return {
    ...pageOf(dictItemResource, {
      fields: {
        itemColor: { render: (value) => (value ? <Tag color={String(value)}>{String(value)}</Tag> : '--') },
      },
    }),
    fixedQuery: { dictId },
    addDefaults: { dictId, status: '1', sortOrder: 1 },
    actions: { detail: false },
    formWidth: 560,
    onChanged,
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
