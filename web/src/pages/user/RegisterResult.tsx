import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/common/ComingSoon';

export default function RegisterResultPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('stub.registerResult')} />;
}
