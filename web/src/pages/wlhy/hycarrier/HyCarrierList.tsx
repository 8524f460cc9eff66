// 承运人 (issue 7, domain.md Carrier): a company with its licence and road-transport permit, or a licensed
// person; reviewed like the other parties, with the permit's expiry searchable.
import { carrierBody } from '@freight/contracts';
import { ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { expiringField, reviewFields, submitAction } from '../components/partyFields';

const API = '/carrier/hyCarrier';

export const carrierPage: ResourcePageDef = {
  api: API,
  title: ['承运人', 'Carriers'],
  perm: 'carrier',
  schema: carrierBody,
  review: true,
  urlFilters: ['state', 'expiringWithinDays'],
  actions: { import: false },
  fields: [
    {
      name: 'carrierName',
      label: ['承运人名称', 'Carrier'],
      required: true,
      search: 'like',
      sorter: true,
      wide: true,
      list: { fixed: 'left', width: 200, ellipsis: true },
    },
    {
      name: 'carrierType',
      label: ['承运人类型', 'Type'],
      kind: 'dict',
      dict: 'carrier_type',
      search: true,
      list: { width: 90 },
    },
    {
      name: 'creditCode',
      label: ['统一社会信用代码', 'Credit code'],
      search: true,
      list: { width: 190, copyable: true },
    },
    { name: 'legalPerson', label: ['法定代表人', 'Legal person'], list: { width: 100 } },
    { name: 'contactMobile', label: ['联系电话', 'Contact mobile'], search: true, list: { width: 130 } },
    { name: 'permitNo', label: ['道路运输经营许可证号', 'Road transport permit'], list: { width: 170 } },
    {
      name: 'permitValidTo',
      label: ['许可证有效期至', 'Permit valid to'],
      kind: 'date',
      sorter: true,
      list: { width: 120 },
    },
    { name: 'bankName', label: ['开户银行', 'Bank'], list: false },
    { name: 'bankAccount', label: ['银行账号', 'Account'], list: false },
    ...reviewFields(),
    expiringField,
  ],
  rowActions: [submitAction(API, 'carrier')],
};

export default function HyCarrierList() {
  return <ResourceListPage def={carrierPage} />;
}
