// Settings drawer: theme, colours, navigation, content width, header and menu options,
// colour-weak, multi-tab. Dependencies come from @freight/contracts applySettingChange.
import { CheckOutlined } from '@ant-design/icons';
import { MSG, THEME_COLORS, type ThemeSettings } from '@freight/contracts';
import { Button, Divider, Drawer, List, Select, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../services/feedback';
import { useSettings } from '../stores/settings';

function Row({ title, action, hint }: { title: string; action: ReactNode; hint?: string }) {
  return (
    <List.Item actions={[action]}>
      <Tooltip title={hint} placement="left">
        <span>{title}</span>
      </Tooltip>
    </List.Item>
  );
}

function StyleBlock({
  dark,
  selected,
  label,
  onClick,
}: {
  dark: boolean;
  selected: boolean;
  label: string;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className={`setting-style ${dark ? 'setting-style-dark' : 'setting-style-light'}`}
        aria-label={label}
        aria-pressed={selected}
        onClick={onClick}
      >
        {selected ? <CheckOutlined className="setting-style-check" /> : null}
      </button>
    </Tooltip>
  );
}

export function SettingDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings((s) => s.settings);

  const change = <K extends keyof ThemeSettings>(key: K, value: ThemeSettings[K]) => {
    try {
      useSettings.getState().change(key, value);
    } catch {
      feedback.message.error(MSG.themeUpdateFailed);
    }
  };
  const side = settings.layout === 'sidemenu';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={300}
      title={t('settings.title')}
      data-testid="settings-drawer"
      rootClassName="setting-drawer"
      footer={
        <Button block onClick={() => useSettings.getState().reset()}>
          {t('settings.reset')}
        </Button>
      }
    >
      <h4 className="setting-heading">{t('settings.menuTheme')}</h4>
      <div className="setting-styles">
        <StyleBlock
          dark
          selected={settings.navTheme === 'dark'}
          label={t('settings.dark')}
          onClick={() => change('navTheme', 'dark')}
        />
        <StyleBlock
          dark={false}
          selected={settings.navTheme === 'light'}
          label={t('settings.light')}
          onClick={() => change('navTheme', 'light')}
        />
      </div>

      <h4 className="setting-heading">{t('settings.color')}</h4>
      <div className="setting-colors" data-testid="settings-colors">
        {THEME_COLORS.map((c) => (
          <Tooltip key={c.key} title={t(`settings.colors.${c.key}`)}>
            <button
              type="button"
              className="setting-color"
              style={{ background: c.color }}
              aria-label={t(`settings.colors.${c.key}`)}
              aria-pressed={settings.primaryColor.toLowerCase() === c.color.toLowerCase()}
              onClick={() => change('primaryColor', c.color)}
            >
              {settings.primaryColor.toLowerCase() === c.color.toLowerCase() ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <h4 className="setting-heading">{t('settings.navMode')}</h4>
      <div className="setting-styles">
        <Tooltip title={t('settings.sideMenu')}>
          <button
            type="button"
            className="setting-layout setting-layout-side"
            aria-label={t('settings.sideMenu')}
            aria-pressed={side}
            onClick={() => change('layout', 'sidemenu')}
          >
            {side ? <CheckOutlined className="setting-style-check" /> : null}
          </button>
        </Tooltip>
        <Tooltip title={t('settings.topMenu')}>
          <button
            type="button"
            className="setting-layout setting-layout-top"
            aria-label={t('settings.topMenu')}
            aria-pressed={!side}
            onClick={() => change('layout', 'topmenu')}
          >
            {!side ? <CheckOutlined className="setting-style-check" /> : null}
          </button>
        </Tooltip>
      </div>
      <List split={false} size="small">
        <Row
          title={t('settings.contentWidth')}
          hint={side ? t('settings.fluidHint') : undefined}
          action={
            <Select
              size="small"
              style={{ width: 88 }}
              value={settings.contentWidth}
              aria-label={t('settings.contentWidth')}
              onChange={(v) => change('contentWidth', v)}
              options={[
                { value: 'Fixed', label: t('settings.fixed') },
                { value: 'Fluid', label: t('settings.fluid'), disabled: side },
              ]}
            />
          }
        />
        <Row
          title={t('settings.fixedHeader')}
          action={
            <Switch
              size="small"
              aria-label={t('settings.fixedHeader')}
              checked={settings.fixedHeader}
              onChange={(v) => change('fixedHeader', v)}
            />
          }
        />
        <Row
          title={t('settings.autoHideHeader')}
          hint={settings.fixedHeader ? undefined : t('settings.autoHideHint')}
          action={
            <Switch
              size="small"
              aria-label={t('settings.autoHideHeader')}
              disabled={!settings.fixedHeader}
              checked={settings.autoHideHeader}
              onChange={(v) => change('autoHideHeader', v)}
            />
          }
        />
        <Row
          title={t('settings.fixSiderbar')}
          hint={side ? undefined : t('settings.fixSiderbarHint')}
          action={
            <Switch
              size="small"
              aria-label={t('settings.fixSiderbar')}
              disabled={!side}
              checked={settings.fixSiderbar}
              onChange={(v) => change('fixSiderbar', v)}
            />
          }
        />
      </List>

      <Divider />
      <h4 className="setting-heading">{t('settings.other')}</h4>
      <List split={false} size="small">
        <Row
          title={t('settings.colorWeak')}
          action={
            <Switch
              size="small"
              aria-label={t('settings.colorWeak')}
              checked={settings.colorWeak}
              onChange={(v) => change('colorWeak', v)}
            />
          }
        />
        <Row
          title={t('settings.multipage')}
          action={
            <Switch
              size="small"
              aria-label={t('settings.multipage')}
              checked={settings.multipage}
              onChange={(v) => change('multipage', v)}
            />
          }
        />
      </List>
    </Drawer>
  );
}
