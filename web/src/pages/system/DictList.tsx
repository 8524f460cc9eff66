// 数据字典 (component `system/DictList`): dictionaries and their items, enable and disable,
// sort order, the cache refresh (刷新缓存完成！), a recycle bin, Excel export and import.
import { dictResource, MSG } from '@freight/contracts';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { SideDrawer } from '../../components/common/SideDrawer';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { platformApi } from '../../services/platformApi';
import { useSession } from '../../stores/session';
import { dictItemsPage } from './dict/DictItems';
import { DictRecycleBin } from './dict/DictRecycleBin';

type Row = Record<string, unknown>;

export default function DictList() {
  const { message } = App.useApp();
  const [open, setOpen] = useState<Row | null>(null);
  const [binOpen, setBinOpen] = useState(false);

  const def = useMemo<ResourcePageDef>(
    () => ({
      ...pageOf(dictResource, {
        fields: { dictCode: { rules: [{ required: true, message: MSG.dictCodeRequired }] } },
      }),
      addDefaults: { type: '0' },
      rowActions: [{ key: 'items', label: ['字典配置', 'Items'], run: (row) => setOpen(row) }],
      toolbar: [
        {
          key: 'refresh',
          label: ['刷新缓存', 'Refresh cache'],
          // `refleshCache` then `queryAllDictItems` replaces the console's cache; errors shown by the request layer.
          run: async () => {
            try {
              await platformApi.refreshDictCache();
              useSession.getState().setDictItems((await platformApi.allDictItems()) ?? {});
              message.success(MSG.cacheRefreshed);
            } catch {
              message.error(MSG.cacheRefreshFailed);
            }
          },
        },
        {
          key: 'bin',
          label: ['回收站', 'Recycle bin'],
          perm: 'system:dict:delete',
          run: () => setBinOpen(true),
        },
      ],
    }),
    [message],
  );
  const dictId = open ? String(open.id) : '';
  // Items change the console's cached dictionaries too.
  const items = useMemo(
    () =>
      dictId
        ? dictItemsPage(dictId, () => {
            void platformApi.allDictItems().then((d) => useSession.getState().setDictItems(d ?? {}));
          })
        : null,
    [dictId],
  );

  return (
    <>
      <ResourceListPage def={def} />
      <SideDrawer
        open={Boolean(open)}
        onClose={() => setOpen(null)}
        width={900}
        title={open ? `${String(open.dictName)}（${String(open.dictCode)}）` : ''}
        styles={{ body: { padding: 0 } }}
      >
        {items && <ResourceListPage key={dictId} def={items} />}
      </SideDrawer>
      <DictRecycleBin open={binOpen} onClose={() => setBinOpen(false)} />
    </>
  );
}
