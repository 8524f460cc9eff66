import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../../locales/i18n';

/** Light language choice for public pages (no dropdown code on the login bundle). */
export function LanguageToggle() {
  const { i18n, t } = useTranslation();
  return (
    <fieldset className="language-toggle" aria-label={t('common.language')} data-testid="language-switch">
      {LANGUAGES.map((l) => (
        <button
          key={l.value}
          type="button"
          aria-pressed={i18n.language === l.value}
          className={i18n.language === l.value ? 'is-active' : undefined}
          onClick={() => void changeLanguage(l.value)}
        >
          {l.label}
        </button>
      ))}
    </fieldset>
  );
}
