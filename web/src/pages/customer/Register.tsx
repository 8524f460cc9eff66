import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/common/ComingSoon';
import { assetUrl, DEFAULT_LOGIN_BG } from '../../services/assets';
import { usePlatform } from '../../stores/platform';

/** Shipper self-registration (CustomerRegister, public); the form arrives with a later issue. */
export default function CustomerRegister() {
  const { t } = useTranslation();
  const bg = assetUrl(
    usePlatform((s) => s.settings?.bg),
    DEFAULT_LOGIN_BG,
  );
  return (
    <div className="user-layout" style={{ backgroundImage: `url("${bg}")` }}>
      <main className="user-layout-main">
        <ComingSoon title={t('stub.customerRegister')} />
      </main>
    </div>
  );
}
