// ETC记录: the ETC provider's toll records, imported from its Excel or CSV statement (the server streams the file,
// skips serial nos. it already has and reports broken rows) and matched to the waybill whose vehicle and
// load-to-sign window hold the exit time. The unmatched are listed with 匹配状态 = 未匹配; a trip loaded later is
// matched by 重新匹配; a mistaken import is deleted row by row or as its whole batch.
import { etcRecordResource } from '@freight/contracts';
import { usePostAction } from '../../components/common/usePostAction';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { PageNote } from '../../components/resource/PageNote';

const perm = etcRecordResource.permission;

export default function EtcList() {
  const post = usePostAction();
  const def = useResourcePage(etcRecordResource, [post], () => ({
    importAccept: '.xlsx,.csv',
    header: (
      <PageNote
        text={[
          '导入服务商的通行记录（Excel 或 CSV）：按车牌找到车辆，出口时间落在运单装货至签收（前后各2小时）之间即匹配该运单；重复的交易流水号自动跳过。',
          'Import the provider’s toll records (Excel or CSV): a record goes to the waybill of its plate’s vehicle whose loading-to-signing window (± 2 h) holds its exit time; serial nos. already imported are skipped.',
        ]}
      />
    ),
    rowActions: [
      {
        key: 'deleteBatch',
        label: ['删除本批次', 'Delete batch'],
        danger: true,
        perm: `${perm}:delete`,
        confirm: [
          '删除与该记录同一次导入的全部ETC记录？',
          'Delete every ETC record of the import this one came with?',
        ],
        run: async (row, helpers) => {
          await post('/plateform/etc/deleteBatch', {
            importBatch: row.importBatch,
          });
          helpers.reload();
        },
      },
    ],
    toolbar: [
      {
        key: 'match',
        label: ['重新匹配', 'Match again'],
        perm: `${perm}:match`,
        run: async (_selected, helpers) => {
          await post('/plateform/etc/match', {});
          helpers.reload();
        },
      },
    ],
  }));
  return <ResourceListPage def={def} />;
}
