import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/common/ComingSoon';

export default function AlterationPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('stub.alteration')} />;
}
