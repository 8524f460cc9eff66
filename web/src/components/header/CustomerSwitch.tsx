import { ShopOutlined } from '@ant-design/icons';
import { MSG, USER_TYPE } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../services/feedback';
import { platformApi } from '../../services/platformApi';
import { useSession } from '../../stores/session';
import { useEnvelopeCall } from '../auth/useEnvelopeCall';

/** Customer switch for customer admins only (userType 6). Success reloads the page. */
export function CustomerSwitch() {
  const userType = useSession((s) => s.userType);
  if (Number(userType) !== USER_TYPE.customerAdmin) return null;
  return <CustomerSelect />;
}

function CustomerSelect() {
  const { t } = useTranslation();
  const { busy: switching, call } = useEnvelopeCall();
  const { data, isLoading } = useQuery({ queryKey: ['myCustomers'], queryFn: platformApi.myCustomers });
  const current = data?.find((c) => Number(c.isUsed) === 1)?.customerId;

  const onChange = async (customerId: string) => {
    const env = await call(async () => {
      const answer = await platformApi.selectCustomer(customerId);
      // The reload waits until the toast was on screen for a moment (still switching): reloading at once
      // drops it unpainted.
      if (answer.success)
        await new Promise<void>((resolve) => {
          feedback.message.success(MSG.customerSwitched, 0.8);
          setTimeout(resolve, 800);
        });
      return answer;
    });
    if (env?.success) window.location.reload();
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
