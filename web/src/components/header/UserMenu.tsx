// User dropdown: settings, change password, clear cache (system staff), switch department,
// account centre, logout with confirmation.
import {
  ApartmentOutlined,
  ClearOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { LOGIN_PATH, MSG, SETTINGS_DRAWER_OPEN_DELAY_MS, USER_TYPE } from '@freight/contracts';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { platformApi } from '../../services/platformApi';
import { showFailure } from '../../services/request';
import { logout } from '../../services/sessionActions';
import { useSession } from '../../stores/session';
import { useSettingsDrawer } from '../../stores/settingsDrawer';
import { ChangePasswordModal } from '../ChangePasswordModal';
import { type DepartChoice, DepartSelectModal } from '../DepartSelectModal';
import { useSignedUrl } from '../upload/useSignedUrl';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const avatar = useSignedUrl(user?.avatar);
  const userType = useSession((s) => s.userType);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [depart, setDepart] = useState<DepartChoice | null>(null);
  const isSystem = Number(userType) === USER_TYPE.system;

  const clearCache = async () => {
    try {
      await platformApi.refreshDictCache();
      const dicts = await platformApi.allDictItems();
      useSession.getState().setDictItems(dicts ?? {});
      feedback.message.success(MSG.cacheRefreshed);
    } catch {
      feedback.message.error(MSG.cacheRefreshFailed);
    }
  };

  const switchDepart = async () => {
    try {
      const result = await authApi.currentDeparts();
      if (!result?.list?.length) {
        feedback.message.warning(MSG.noDepartment);
        return;
      }
      setDepart({ list: result.list, orgCode: result.orgCode });
    } catch (err) {
      showFailure(err);
    }
  };

  const confirmLogout = () => {
    feedback.modal.confirm({
      title: t('header.logoutTitle'),
      content: MSG.logoutConfirm,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        navigate(LOGIN_PATH, { replace: true });
      },
    });
  };

  const items: MenuProps['items'] = [
    { key: 'account', icon: <UserOutlined />, label: t('header.account') },
    { key: 'settings', icon: <SettingOutlined />, label: t('header.settings') },
    { key: 'password', icon: <KeyOutlined />, label: t('header.changePassword') },
    { key: 'depart', icon: <ApartmentOutlined />, label: t('header.switchDepart') },
    ...(isSystem ? [{ key: 'cache', icon: <ClearOutlined />, label: t('header.clearCache') }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'account':
        navigate('/account/center');
        break;
      case 'settings':
        // The settings drawer opens after 16 ms.
        setTimeout(() => useSettingsDrawer.getState().setOpen(true), SETTINGS_DRAWER_OPEN_DELAY_MS);
        break;
      case 'password':
        setPasswordOpen(true);
        break;
      case 'depart':
        void switchDepart();
        break;
      case 'cache':
        void clearCache();
        break;
      case 'logout':
        confirmLogout();
        break;
    }
  };

  const name = user?.realname || user?.username || '';
  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click']}>
        <button
          type="button"
          className="header-user"
          data-testid="user-menu"
          aria-label={t('header.userMenu')}
        >
          <Avatar size="small" src={avatar} icon={<UserOutlined />} />
          <span className="header-user-name hide-xs">{name}</span>
          <DownOutlined className="hide-xs" style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <DepartSelectModal choice={depart} onClose={() => setDepart(null)} />
    </>
  );
}
