// 车队长 (domain.md Captain): identity, fee rule and review; the "车队" action opens the captain's drivers
// and vehicles with each driver's collection agreement (代收运费协议).
import { captainResource } from '@freight/contracts';
import { useMemo, useState } from 'react';
import { ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { CaptainFleet } from '../components/CaptainFleet';
import { commissionedPage } from '../components/commissionFields';

type Row = Record<string, unknown>;

export const captainPage: ResourcePageDef = commissionedPage(captainResource);

export default function HyCaptainList() {
  const [fleetOf, setFleetOf] = useState<Row | null>(null);
  const def = useMemo<ResourcePageDef>(
    () => ({
      ...captainPage,
      rowActions: [
        {
          key: 'fleet',
          label: ['车队', 'Fleet'],
          run: (row) => setFleetOf(row),
        },
        ...(captainPage.rowActions ?? []),
      ],
    }),
    [],
  );
  return (
    <>
      <ResourceListPage def={def} />
      <CaptainFleet captain={fleetOf} onClose={() => setFleetOf(null)} />
    </>
  );
}
