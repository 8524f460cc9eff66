import { greetingKey } from '@freight/contracts';
import { useTranslation } from 'react-i18next';
import { usePlatformName } from '../../app/usePlatformSettings';
import { useSession } from '../../stores/session';

/** Header welcome: greeting by hour, the user's name and the platform name. */
export function WelcomeText() {
  const { t } = useTranslation();
  const platform = usePlatformName();
  const user = useSession((s) => s.userInfo);
  const name = user?.realname || user?.username || '';
  const greeting = t(`greeting.${greetingKey(new Date())}`);
  return (
    <span className="header-welcome" data-testid="header-welcome">
      {name ? t('header.welcome', { greeting, name, platform }) : t('header.welcomeShort', { platform })}
    </span>
  );
}
