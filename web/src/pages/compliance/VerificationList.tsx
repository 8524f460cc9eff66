// 核验记录: every identity and certificate check of drivers, vehicles, carriers and bank cards.
import { verificationResource } from '@freight/contracts';
import { pageOf, ResourceListPage } from '../../components/resource';

const def = pageOf(verificationResource, {});

export default function VerificationList() {
  return <ResourceListPage def={def} />;
}
