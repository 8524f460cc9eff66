// 凭证科目: which 科目 each ledger account (and each invoice line) is booked to in the accounting
// vouchers; one row per account, its code and name edited here.
import { voucherAccountResource } from '@freight/contracts';
import { pageOf, ResourceListPage } from '../../components/resource';

const def = pageOf(voucherAccountResource);

export default function VoucherAccountList() {
  return <ResourceListPage def={def} />;
}
