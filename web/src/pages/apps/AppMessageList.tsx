// APP消息: messages to drivers, shippers, one customer's users or everyone, sent at once or at the
// chosen time by the scheduled job; they arrive in the recipients' header bell. The list counts deliveries
// and reads.
import { ProFormDependency } from '@ant-design/pro-components';
import { appMessageBody, appMessageResource } from '@freight/contracts';
import { CustomerFormSelect } from '../../components/finance/CustomerFormSelect';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';

const appMessagePage: ResourcePageDef = pageOf(appMessageResource, {
  schema: appMessageBody,
  fields: {
    customerName: { render: (value) => (value ? String(value) : '--') },
    customerId: {
      renderFormItem: (ctx) => (
        <ProFormDependency key={ctx.name} name={['audience']}>
          {({ audience }) => (audience === 'customer' ? <CustomerFormSelect ctx={ctx} /> : null)}
        </ProFormDependency>
      ),
    },
  },
  addDefaults: { audience: 'all' },
  // What was sent stays what the recipients read.
  editable: (row) => Number(row.state) !== 1,
});

export default function AppMessageList() {
  return <ResourceListPage def={appMessagePage} />;
}
