import { ShopOutlined } from '@ant-design/icons';
import { MSG, USER_TYPE } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../services/feedback';
import { platformApi } from '../../services/platformApi';
import { errorText, isHttpFailure } from '../../services/request';
import { useSession } from '../../stores/session';

/** Customer switch for customer admins only (userType 6). Success reloads the page. */
export function CustomerSwitch() {
  const userType = useSession((s) => s.userType);
  if (Number(userType) !== USER_TYPE.customerAdmin) return null;
  return <CustomerSelect />;
}

function CustomerSelect() {
  const { t } = useTranslation();
  const [switching, setSwitching] = useState(false);
  const { data, isLoading } = useQuery({ queryKey: ['myCustomers'], queryFn: platformApi.myCustomers });
  const current = data?.find((c) => Number(c.isUsed) === 1)?.customerId;

  const onChange = async (customerId: string) => {
    setSwitching(true);
    try {
      const env = await platformApi.selectCustomer(customerId);
      if (!env.success) {
        feedback.message.error(env.message);
        return;
      }
      // The reload waits until the toast was on screen for a moment: reloading at once drops it unpainted.
      await new Promise<void>((resolve) => {
        feedback.message.success(MSG.customerSwitched, 0.8);
        setTimeout(resolve, 800);
      });
      window.location.reload();
    } catch (err) {
      if (!isHttpFailure(err)) feedback.message.error(errorText(err));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Select
      className="header-customer-switch"
      data-testid="customer-switch"
      aria-label={t('header.customerSwitch')}
      size="small"
      suffixIcon={<ShopOutlined />}
      loading={isLoading || switching}
      disabled={switching}
      value={current}
      placeholder={t('header.customerSwitch')}
      onChange={onChange}
      popupMatchSelectWidth={false}
      options={(data ?? []).map((c) => ({ value: c.customerId, label: c.customerName }))}
    />
  );
}
