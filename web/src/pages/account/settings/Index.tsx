// 个人设置 (/account/settings): the signed-in user's own profile (name, e-mail, sex, birthday, telephone,
// avatar), account security (password change, bound mobile, departments) and the signed-in devices.
import { DesktopOutlined, LockOutlined, MobileOutlined, TeamOutlined } from '@ant-design/icons';
import type { ProfileBody, UserInfo } from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, List, Skeleton, Tabs, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ChangePasswordModal } from '../../../components/ChangePasswordModal';
import { DictSelect } from '../../../components/dict';
import { ImageUpload } from '../../../components/resource/ImageUpload';
import { useBilingual } from '../../../components/resource/text';
import { feedback } from '../../../services/feedback';
import { api, errorText } from '../../../services/request';
import { useSession } from '../../../stores/session';

interface Profile {
  username: string;
  realname: string;
  email: string | null;
  phone: string | null;
  sex: number | null;
  birthday: string | null;
  telephone: string | null;
  avatar: string | null;
  orgCode: string | null;
  passwordChangedAt: string | null;
  departs: Array<{ orgCode: string; departName: string }>;
}

type FormValues = Omit<ProfileBody, 'birthday' | 'sex'> & { birthday?: Dayjs | null; sex?: string | null };

const maskMobile = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;

function BaseInfo({ profile }: { profile: Profile }) {
  const tx = useBilingual();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const setUserInfo = useSession((s) => s.setUserInfo);
  const client = useQueryClient();
  useEffect(() => {
    form.setFieldsValue({
      realname: profile.realname,
      email: profile.email ?? '',
      sex: profile.sex === null ? null : String(profile.sex),
      birthday: profile.birthday ? dayjs(profile.birthday) : null,
      telephone: profile.telephone ?? '',
      avatar: profile.avatar ?? '',
    });
  }, [form, profile]);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const result = await api.put<{ userInfo: UserInfo }>('/sys/user/editSelf', {
        ...values,
        sex: values.sex === null || values.sex === undefined ? null : Number(values.sex),
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
      });
      setUserInfo(result.userInfo);
      await client.invalidateQueries({ queryKey: ['account-profile'] });
      feedback.message.success(tx(['保存成功', 'Saved']));
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 520 }} data-testid="account-base-form">
      <Form.Item label={tx(['头像', 'Avatar'])} name="avatar">
        <ImageUpload biz="avatar" />
      </Form.Item>
      <Form.Item label={tx(['账号', 'Account'])} htmlFor="account-username">
        <Input id="account-username" value={profile.username} disabled />
      </Form.Item>
      <Form.Item
        label={tx(['姓名', 'Name'])}
        name="realname"
        rules={[{ required: true, whitespace: true, message: tx(['请输入姓名', 'Enter your name']) }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        label={tx(['邮箱', 'E-mail'])}
        name="email"
        rules={[{ type: 'email', message: tx(['邮箱格式不正确', 'Not an e-mail address']) }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label={tx(['性别', 'Sex'])} name="sex">
        <DictSelect code="sex" />
      </Form.Item>
      <Form.Item label={tx(['生日', 'Birthday'])} name="birthday">
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs())} />
      </Form.Item>
      <Form.Item label={tx(['座机', 'Telephone'])} name="telephone">
        <Input maxLength={45} />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void save()}>
        {tx(['更新基本信息', 'Update profile'])}
      </Button>
    </Form>
  );
}

function Security({ profile }: { profile: Profile }) {
  const tx = useBilingual();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const changed = profile.passwordChangedAt
    ? dayjs(profile.passwordChangedAt).format('YYYY-MM-DD HH:mm:ss')
    : null;
  return (
    <>
      <List itemLayout="horizontal" style={{ maxWidth: 720 }} data-testid="account-security">
        <List.Item
          actions={[
            <Button key="change" type="link" onClick={() => setPasswordOpen(true)}>
              {tx(['修改', 'Change'])}
            </Button>,
          ]}
        >
          <List.Item.Meta
            avatar={<LockOutlined style={{ fontSize: 20 }} />}
            title={tx(['账户密码', 'Password'])}
            description={
              changed
                ? tx([`上次修改于 ${changed}`, `Last changed ${changed}`])
                : tx(['初始密码，请尽快修改', 'An initial password: change it soon'])
            }
          />
        </List.Item>
        <List.Item>
          <List.Item.Meta
            avatar={<MobileOutlined style={{ fontSize: 20 }} />}
            title={tx(['绑定手机', 'Bound mobile'])}
            description={
              profile.phone
                ? tx([
                    `已绑定 ${maskMobile(profile.phone)}，用于短信登录与找回密码；更换请联系管理员`,
                    `${maskMobile(profile.phone)}, for SMS sign-in and password recovery; ask an administrator to change it`,
                  ])
                : tx(['未绑定手机', 'No mobile bound'])
            }
          />
        </List.Item>
        <List.Item>
          <List.Item.Meta
            avatar={<TeamOutlined style={{ fontSize: 20 }} />}
            title={tx(['所属部门', 'Departments'])}
            description={
              profile.departs.length
                ? profile.departs.map((d) => (
                    <Tag key={d.orgCode} color={d.orgCode === profile.orgCode ? 'blue' : undefined}>
                      {d.departName}
                    </Tag>
                  ))
                : '—'
            }
          />
        </List.Item>
      </List>
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}

interface OwnSession {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  expiresAt: string;
  current: boolean;
}

/** A short device name from a user agent: browser and system. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : userAgent.slice(0, 24);
  const system = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? `${browser} · ${system}` : browser;
}

function Sessions() {
  const tx = useBilingual();
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: ['account-sessions'],
    queryFn: () => api.get<OwnSession[]>('/sys/user/sessions'),
  });
  const reload = () => client.invalidateQueries({ queryKey: ['account-sessions'] });
  const revoke = async (id: string) => {
    try {
      await api.post('/sys/user/sessions/revoke', { id });
      feedback.message.success(tx(['已下线该设备', 'Signed out on that device']));
    } catch (error) {
      feedback.message.error(errorText(error));
    }
    await reload();
  };
  const revokeOthers = async () => {
    try {
      await api.post('/sys/user/sessions/revokeOthers');
      feedback.message.success(tx(['已下线其他设备', 'Signed out everywhere else']));
    } catch (error) {
      feedback.message.error(errorText(error));
    }
    await reload();
  };
  if (sessions.error) return <Alert type="error" showIcon message={errorText(sessions.error)} />;
  const rows = sessions.data ?? [];
  const time = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss');
  return (
    <div style={{ maxWidth: 720 }} data-testid="account-sessions">
      <Button
        danger
        disabled={rows.length <= 1}
        onClick={() => void revokeOthers()}
        style={{ marginBottom: 12 }}
        data-testid="sessions-revoke-others"
      >
        {tx(['下线其他所有设备', 'Sign out all other devices'])}
      </Button>
      <List
        loading={sessions.isLoading}
        dataSource={rows}
        renderItem={(s) => (
          <List.Item
            data-testid={s.current ? 'session-current' : 'session-other'}
            actions={
              s.current
                ? []
                : [
                    <Button key="revoke" type="link" danger onClick={() => void revoke(s.id)}>
                      {tx(['下线', 'Sign out'])}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={<DesktopOutlined style={{ fontSize: 20 }} />}
              title={
                <>
                  {deviceOf(s.userAgent)}{' '}
                  {s.current && <Tag color="green">{tx(['当前设备', 'This device'])}</Tag>}
                </>
              }
              description={tx([
                `IP ${s.ip ?? '—'} · 登录于 ${time(s.createdAt)} · 有效至 ${time(s.expiresAt)}`,
                `IP ${s.ip ?? '—'} · signed in ${time(s.createdAt)} · valid until ${time(s.expiresAt)}`,
              ])}
            />
          </List.Item>
        )}
      />
    </div>
  );
}

export default function AccountSettings() {
  const tx = useBilingual();
  const profile = useQuery({
    queryKey: ['account-profile'],
    queryFn: () => api.get<Profile>('/sys/user/profile'),
  });
  return (
    <Card variant="borderless" data-testid="account-settings">
      {profile.error ? <Alert type="error" showIcon message={errorText(profile.error)} /> : null}
      {profile.data ? (
        <Tabs
          items={[
            {
              key: 'base',
              label: tx(['基本设置', 'Profile']),
              children: <BaseInfo profile={profile.data} />,
            },
            {
              key: 'security',
              label: tx(['安全设置', 'Security']),
              children: <Security profile={profile.data} />,
            },
            {
              key: 'sessions',
              label: tx(['登录设备', 'Sessions']),
              children: <Sessions />,
            },
          ]}
        />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
