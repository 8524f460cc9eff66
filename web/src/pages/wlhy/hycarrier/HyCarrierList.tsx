// 承运人 (domain.md Carrier): a company with its licence and road-transport permit, or a licensed
// person; reviewed like the other parties, with the permit's expiry searchable.
import { carrierResource, VERIFICATION_SUBJECT } from '@freight/contracts';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { submitAction } from '../components/partyFields';
import { verificationProps } from '../components/verificationProps';

export const carrierPage: ResourcePageDef = pageOf(carrierResource, {
  review: true,
  ...verificationProps(carrierResource.path, VERIFICATION_SUBJECT.carrier),
  rowActions: [submitAction(carrierResource.path, carrierResource.permission)],
});

export default function HyCarrierList() {
  return <ResourceListPage def={carrierPage} />;
}
