// APP消息: messages to drivers, shippers, one customer's users or everyone, sent at once or at the
// chosen time by the scheduled job; they arrive in the recipients' header bell. The list counts deliveries
// and reads.
import { ProFormDependency, ProFormSelect } from '@ant-design/pro-components';
import { appMessageBody, appMessageResource } from '@freight/contracts';
import { useMemo } from 'react';
import { useCustomerOptions } from '../../components/finance/useCustomerOptions';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';

export default function AppMessageList() {
  const tx = useBilingual();
  const customers = useCustomerOptions();
  const def = useMemo<ResourcePageDef>(
    () =>
      pageOf(appMessageResource, {
        schema: appMessageBody,
        fields: {
          customerName: { render: (value) => (value ? String(value) : '--') },
          customerId: {
            renderFormItem: (ctx) => (
              <ProFormDependency key={ctx.name} name={['audience']}>
                {({ audience }) =>
                  audience === 'customer' ? (
                    <ProFormSelect
                      name={ctx.name}
                      label={ctx.label}
                      colProps={{ span: 12 }}
                      options={customers}
                      disabled={ctx.disabled}
                      showSearch
                      rules={[{ required: true, message: tx(['请选择货主', 'Choose the customer']) }]}
                    />
                  ) : null
                }
              </ProFormDependency>
            ),
          },
        },
        addDefaults: { audience: 'all' },
        // What was sent stays what the recipients read.
        editable: (row) => Number(row.state) !== 1,
      }),
    [customers, tx],
  );
  return <ResourceListPage def={def} />;
}
