// Account centre: the logged-in user's own details from the session.
import { SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBilingual } from '../../../components/resource/text';
import { useSignedUrl } from '../../../components/upload';
import { dictText } from '../../../stores/dicts';
import { useSession } from '../../../stores/session';

export default function AccountCenter() {
  const { t } = useTranslation();
  const tx = useBilingual();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const avatar = useSignedUrl(user?.avatar);
  const dicts = useSession((s) => s.dictItems);
  if (!user) return <Empty />;
  return (
    <Card variant="borderless" data-testid="account-center">
      <div className="account-head">
        <Avatar size={64} src={avatar} icon={<UserOutlined />} />
        <div>
          <h2>{user.realname || user.username}</h2>
          <span className="muted">{user.username}</span>
        </div>
        <Button
          icon={<SettingOutlined />}
          onClick={() => navigate('/account/settings')}
          style={{ marginLeft: 'auto' }}
        >
          {tx(['个人设置', 'Account settings'])}
        </Button>
      </div>
      <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} bordered size="small">
        <Descriptions.Item label={t('users.username')}>{user.username}</Descriptions.Item>
        <Descriptions.Item label={t('users.realname')}>{user.realname || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('users.userType')}>
          {dictText(dicts, 'user_type', user.userType) || String(user.userType)}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.phone')}>{user.phone || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('users.email')}>{user.email || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('users.orgCode')}>{user.orgCode || '—'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
