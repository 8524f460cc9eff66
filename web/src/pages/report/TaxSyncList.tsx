// 税务数据同步 (issue 18): the batches of drivers' tax data sent to the tax authority, from the tax batch
// declaration; a month's pending records are sent from here, the batch's records shown in its drawer.
import { taxBatchResource, taxRecordResource } from '@freight/contracts';
import { useMemo, useState } from 'react';
import { PeriodDialog } from '../../components/finance/PeriodDialog';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { announceChange } from '../../services/resourceEvents';

function BatchRecords({ batchId }: { batchId: string }) {
  const def = useMemo(
    () => pageOf(taxRecordResource, { fixedQuery: { batchId }, actions: { detail: false, export: false } }),
    [batchId],
  );
  return <ResourceListPage def={def} />;
}

export default function TaxSyncList() {
  const [sending, setSending] = useState(false);
  const def = useMemo<ResourcePageDef>(
    () =>
      pageOf(taxBatchResource, {
        toolbar: [
          {
            key: 'send',
            label: ['发送税务', 'Send to the tax authority'],
            perm: 'report:tax:send',
            run: () => setSending(true),
          },
        ],
        detailExtra: (row) => <BatchRecords batchId={String(row.id)} />,
      }),
    [],
  );
  return (
    <>
      <ResourceListPage def={def} />
      {sending && (
        <PeriodDialog
          title={['发送税务', 'Send to the tax authority']}
          url={`${taxBatchResource.path}/send`}
          onClose={(changed) => {
            if (changed) {
              announceChange(taxBatchResource.path);
              announceChange(taxRecordResource.path);
            }
            setSending(false);
          }}
        />
      )}
    </>
  );
}
