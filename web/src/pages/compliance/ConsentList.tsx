// 同意记录: which privacy-policy version each user and driver accepted, when and from where.
import { privacyConsentResource } from '@freight/contracts';
import { pageOf, ResourceListPage } from '../../components/resource';

const def = pageOf(privacyConsentResource);

export default function ConsentList() {
  return <ResourceListPage def={def} />;
}
