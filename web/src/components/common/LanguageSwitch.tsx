import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../../locales/i18n';

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
        // This browser only: the account's language for every sign-in is saved in 个人设置 › 偏好设置.
        onClick: ({ key }) => void changeLanguage(key as Language),
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
