// 保险费率: the premium rate of each cargo class (万分之 of the insured value, with a minimum premium);
// classes without a rate of their own use the rate of 其他 (1900).
import { insuranceRateResource } from '@freight/contracts';
import { pageOf, ResourceListPage } from '../../components/resource';

const def = pageOf(insuranceRateResource);

export default function InsuranceRateList() {
  return <ResourceListPage def={def} />;
}
