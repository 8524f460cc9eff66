// 违规记录: the violations confirmed from warnings, with who confirmed them and why.
import { riskViolationResource } from '@freight/contracts';
import { pageOf, ResourceListPage } from '../../components/resource';

const def = pageOf(riskViolationResource, {});

export default function ViolationList() {
  return <ResourceListPage def={def} />;
}
