// 车队长 (issue 7, domain.md Captain): identity, fee rule and review; the "车队" action opens the captain's drivers
// and vehicles with each driver's collection agreement (代收运费协议).
import { captainBody } from '@freight/contracts';
import { useMemo, useState } from 'react';
import { ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { CaptainFleet } from '../components/CaptainFleet';
import { commissionFields } from '../components/commissionFields';
import { reviewFields, submitAction } from '../components/partyFields';

type Row = Record<string, unknown>;
const API = '/captain/hyCaptain';

export const captainPage: ResourcePageDef = {
  api: API,
  title: ['车队长', 'Captains'],
  perm: 'captain',
  schema: captainBody,
  review: true,
  urlFilters: ['state'],
  actions: { import: false },
  fields: [
    {
      name: 'captainName',
      label: ['车队长姓名', 'Name'],
      required: true,
      search: 'like',
      sorter: true,
      list: { fixed: 'left', width: 110 },
    },
    { name: 'mobile', label: ['手机号', 'Mobile'], required: true, search: true, list: { width: 130 } },
    {
      name: 'idCard',
      label: ['身份证号', 'ID number'],
      required: true,
      search: true,
      list: { width: 180, copyable: true },
    },
    ...commissionFields(),
    {
      name: 'collectionAgreement',
      label: ['代收运费协议模板', 'Collection agreement'],
      kind: 'image',
      biz: 'captain',
      list: false,
    },
    ...reviewFields(),
  ],
  rowActions: [submitAction(API, 'captain')],
};

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
