// 数据日志 (component `system/DataLogList`): a version of every added or edited business record; the versions
// of one record listed, and two of them compared side by side with the changed fields highlighted.

import { dataLogResource } from '@freight/contracts';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { CompareModal, VersionsDrawer } from './components/DataLogCompare';

type Row = Record<string, unknown>;

export default function DataLogList() {
  const tx = useBilingual();
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  const [record, setRecord] = useState<{ dataTable: string; dataId: string } | null>(null);
  const [comparing, setComparing] = useState<[string, string] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language stands for tx
  const def = useMemo<ResourcePageDef>(
    () => ({
      ...pageOf(dataLogResource, {
        fields: { dataVersion: { render: (value) => `v${String(value ?? '')}` } },
      }),
      rowActions: [
        {
          key: 'versions',
          label: ['版本记录', 'Versions'],
          run: (row) => setRecord({ dataTable: String(row.dataTable), dataId: String(row.dataId) }),
        },
      ],
      toolbar: [
        {
          key: 'compare',
          label: ['数据比较', 'Compare'],
          batch: true,
          run: (rows: Row[]) => {
            if (rows.length !== 2) {
              message.warning(tx(['请选择两条记录进行比较', 'Select two rows to compare']));
              return;
            }
            if (rows[0].dataTable !== rows[1].dataTable || rows[0].dataId !== rows[1].dataId) {
              message.warning(tx(['只能比较同一条数据的版本', 'Both rows must be versions of one record']));
              return;
            }
            setComparing([String(rows[0].id), String(rows[1].id)]);
          },
        },
      ],
    }),
    [i18n.language, message],
  );

  return (
    <>
      <ResourceListPage def={def} />
      <VersionsDrawer record={record} onClose={() => setRecord(null)} />
      <CompareModal ids={comparing} onClose={() => setComparing(null)} />
    </>
  );
}
