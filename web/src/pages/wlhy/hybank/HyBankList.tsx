// 银行管理: the banks a driver's card may be opened at, with the codes the regulator's fund-flow
// record carries. A bank with cards is disabled rather than deleted (the server refuses the delete).
import { bankResource } from '@freight/contracts';
import { queryClient } from '../../../app/queryClient';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../../components/resource';

export const bankPage: ResourcePageDef = pageOf(bankResource, {
  addDefaults: { enabled: true },
  // The card forms' bank choice (BankSelect) reads the enabled banks.
  onChanged: () => void queryClient.invalidateQueries({ queryKey: ['bankOptions'] }),
});

export default function HyBankList() {
  return <ResourceListPage def={bankPage} />;
}
