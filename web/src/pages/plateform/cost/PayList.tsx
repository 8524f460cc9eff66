// 待付款: what the platform must pay out and when — audited waybills still to pay and advance
// payments due (`?state=1`, the bell's 垫付到期 counter) — with the waybill lists' pay, prepay and advance
// actions, or a payout request for finance where the user holds only the submission.
import { paylistResource } from '@freight/contracts';
import { type PayKind, usePayActions } from '../../../components/finance/usePayActions';
import { ResourceListPage, useResourcePage } from '../../../components/resource';

const KINDS: readonly PayKind[] = ['pay', 'advance', 'prepay'];

export default function PayList() {
  const money = usePayActions(KINDS, { submit: true });
  const def = useResourcePage(paylistResource, [money.rowActions, money.toolbar], () => ({
    rowActions: money.rowActions,
    toolbar: money.toolbar,
  }));
  return (
    <>
      <ResourceListPage def={def} />
      {money.modal}
    </>
  );
}
