// 亏吨设置: loss rules per customer, goods and route — allowance as fixed grams per vehicle or ‰
// of the load, the unit price of deductions — from the declaration; a matching rule prefills a new order.
import { lossRuleBody, lossRuleResource } from '@freight/contracts';
import { customerChoiceField, useCustomerOptions } from '../../components/finance/useCustomerOptions';
import { ResourceListPage, useResourcePage } from '../../components/resource';

export default function LossSettingList() {
  const customers = useCustomerOptions();
  const def = useResourcePage(lossRuleResource, [customers], () => ({
    schema: lossRuleBody,
    fields: {
      // A select of the approved customers; empty means every customer.
      customerId: customerChoiceField(customers, ['全部货主', 'All customers']),
    },
    addDefaults: { allowanceMode: 2, enabled: true, deductWhole: false },
  }));
  return <ResourceListPage def={def} />;
}
