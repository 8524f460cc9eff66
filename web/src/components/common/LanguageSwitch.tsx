import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../locales/i18n';
import { chooseLanguage } from '../../services/userLanguage';

/** Language selector (a dropdown, not an input, so forms keep their first input). */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { i18n, t } = useTranslation();
  const current = LANGUAGES.find((l) => l.value === i18n.language) ?? LANGUAGES[0];
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [current.value],
        items: LANGUAGES.map((l) => ({ key: l.value, label: l.label })),
        // Signed in (the header): the choice is saved to the user as well.
        onClick: ({ key }) => void chooseLanguage(key as Language).catch(() => undefined),
      }}
    >
      <Button
        type="text"
        size="small"
        icon={<TranslationOutlined />}
        aria-label={t('common.language')}
        data-testid="language-switch"
        style={dark ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      >
        <span className="hide-xs">{current.label}</span>
      </Button>
    </Dropdown>
  );
}
