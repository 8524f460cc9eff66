// 个人设置 (/account/settings): the signed-in user's own profile (name, e-mail, sex, birthday, telephone,
// avatar), account security (password change, bound mobile changed by SMS, departments), preferences
// (language saved to the user, which message categories the bell and live push deliver) and the devices.
import { DesktopOutlined, LockOutlined, MobileOutlined, TeamOutlined } from '@ant-design/icons';
import type { NotifyCategory, NotifyPreference, ProfileBody, UserInfo } from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  List,
  Modal,
  Radio,
  Skeleton,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChangePasswordModal } from '../../../components/ChangePasswordModal';
import { SectionTitle } from '../../../components/common/QuerySection';
import { useBusyAction } from '../../../components/common/useBusyAction';
import { DictSelect } from '../../../components/dict';
import { ImageUpload } from '../../../components/resource/ImageUpload';
import { useBilingual } from '../../../components/resource/text';
import { UploadTrackerProvider, useUploadTracking } from '../../../components/upload';
import { LANGUAGES, type Language } from '../../../locales/i18n';
import { feedback } from '../../../services/feedback';
import { api, errorText } from '../../../services/request';
import { chooseLanguage } from '../../../services/userLanguage';
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
  const { busy: saving, run: runSaving } = useBusyAction();
  const uploads = useUploadTracking();
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
    await runSaving(async () => {
      const result = await api.put<{ userInfo: UserInfo }>('/sys/user/editSelf', {
        ...values,
        sex: values.sex === null || values.sex === undefined ? null : Number(values.sex),
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
      });
      setUserInfo(result.userInfo);
      await client.invalidateQueries({ queryKey: ['account-profile'] });
      feedback.message.success(tx(['保存成功', 'Saved']));
    });
  };

  return (
    <UploadTrackerProvider value={uploads.track}>
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
        <Button type="primary" loading={saving} disabled={uploads.uploading} onClick={() => void save()}>
          {tx(['更新基本信息', 'Update profile'])}
        </Button>
      </Form>
    </UploadTrackerProvider>
  );
}

function Security({ profile }: { profile: Profile }) {
  const tx = useBilingual();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
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
        <List.Item
          actions={[
            <Button key="change" type="link" onClick={() => setMobileOpen(true)} data-testid="mobile-change">
              {profile.phone ? tx(['更换', 'Change']) : tx(['绑定', 'Bind'])}
            </Button>,
          ]}
        >
          <List.Item.Meta
            avatar={<MobileOutlined style={{ fontSize: 20 }} />}
            title={tx(['绑定手机', 'Bound mobile'])}
            description={
              <span data-testid="bound-mobile">
                {profile.phone
                  ? tx([
                      `已绑定 ${maskMobile(profile.phone)}，用于短信登录与找回密码`,
                      `${maskMobile(profile.phone)}, for SMS sign-in and password recovery`,
                    ])
                  : tx(['未绑定手机', 'No mobile bound'])}
              </span>
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
      <ChangeMobileModal open={mobileOpen} onClose={() => setMobileOpen(false)} />
    </>
  );
}

interface MobileValues {
  mobile: string;
  captcha: string;
  password: string;
}

/** Binds a new mobile: a code sent to the new number, confirmed with the current password. */
function ChangeMobileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const tx = useBilingual();
  const [form] = Form.useForm<MobileValues>();
  const { busy: saving, run: runSaving } = useBusyAction();
  const { busy: sending, run: runSending } = useBusyAction();
  const [wait, setWait] = useState(0);
  const setUserInfo = useSession((s) => s.setUserInfo);
  const client = useQueryClient();
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const close = () => {
    form.resetFields();
    onClose();
  };
  const sendCode = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    await runSending(async () => {
      await api.post('/sys/user/mobile/code', { mobile });
      feedback.message.success(tx(['验证码已发送至新手机', 'A code was sent to the new mobile']));
      setWait(60);
    });
  };
  const submit = async () => {
    const values = await form.validateFields();
    await runSaving(async () => {
      const result = await api.post<{ userInfo: UserInfo }>('/sys/user/mobile/change', values);
      setUserInfo(result.userInfo);
      await client.invalidateQueries({ queryKey: ['account-profile'] });
      feedback.message.success(tx(['绑定手机已更换', 'The bound mobile was changed']));
      close();
    });
  };

  return (
    <Modal
      open={open}
      title={tx(['更换绑定手机', 'Change the bound mobile'])}
      onOk={() => void submit()}
      okText={tx(['确定', 'OK'])}
      cancelText={tx(['取消', 'Cancel'])}
      confirmLoading={saving}
      onCancel={close}
      destroyOnHidden
      data-testid="change-mobile-modal"
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="mobile"
          label={tx(['新手机号', 'New mobile'])}
          rules={[
            { required: true, message: tx(['请输入新手机号', 'Enter the new mobile']) },
            { pattern: /^1[3-9]\d{9}$/, message: tx(['请输入正确的手机号', 'Not a mobile number']) },
          ]}
        >
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label={tx(['短信验证码', 'SMS code'])} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="captcha"
              noStyle
              rules={[{ required: true, message: tx(['请输入验证码', 'Enter the code']) }]}
            >
              <Input maxLength={6} inputMode="numeric" aria-label={tx(['短信验证码', 'SMS code'])} />
            </Form.Item>
            <Button
              loading={sending}
              disabled={wait > 0}
              onClick={() => void sendCode()}
              data-testid="mobile-send-code"
            >
              {wait > 0 ? tx([`${wait}秒后重发`, `Resend in ${wait}s`]) : tx(['获取验证码', 'Send code'])}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="password"
          label={tx(['当前密码', 'Current password'])}
          rules={[{ required: true, message: tx(['请输入当前密码', 'Enter your current password']) }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 偏好设置: the console language (saved to the user) and which message categories reach the bell. */
function Preferences() {
  const tx = useBilingual();
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const prefs = useQuery({
    queryKey: ['account-notify-prefs'],
    queryFn: () => api.get<NotifyPreference[]>('/sys/user/notifyPrefs'),
  });
  const [saving, setSaving] = useState<string | null>(null);

  const setLanguage = async (lng: Language) => {
    try {
      await chooseLanguage(lng);
      feedback.message.success(lng === 'en-US' ? 'Language saved' : '语言已保存');
    } catch (error) {
      feedback.message.error(errorText(error));
    }
  };
  const toggle = async (key: NotifyCategory, bell: boolean) => {
    const rows = prefs.data ?? [];
    const muted = rows.filter((c) => !c.mandatory && (c.key === key ? !bell : !c.bell)).map((c) => c.key);
    setSaving(key);
    try {
      await api.put('/sys/user/notifyPrefs', { muted });
      feedback.message.success(tx(['消息通知设置已保存', 'Notification settings saved']));
    } catch (error) {
      feedback.message.error(errorText(error));
    } finally {
      setSaving(null);
    }
    await client.invalidateQueries({ queryKey: ['account-notify-prefs'] });
    // The bell's list and count follow the choice at once.
    await client.invalidateQueries({ queryKey: ['announcements'] });
  };

  return (
    <div style={{ maxWidth: 720 }} data-testid="account-preferences">
      <Typography.Title level={5}>{tx(['界面语言', 'Language'])}</Typography.Title>
      <Radio.Group
        value={i18n.language}
        optionType="button"
        options={LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
        onChange={(e) => void setLanguage(e.target.value as Language)}
        data-testid="account-language"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {tx([
          '保存到您的账号，在其他浏览器登录时同样生效。',
          'Saved to your account: it applies wherever you sign in.',
        ])}
      </Typography.Paragraph>
      <SectionTitle>{tx(['消息通知', 'Notifications'])}</SectionTitle>
      {prefs.error ? <Alert type="error" showIcon message={errorText(prefs.error)} /> : null}
      <List
        loading={prefs.isLoading}
        dataSource={prefs.data ?? []}
        data-testid="notify-prefs"
        renderItem={(c) => (
          <List.Item
            data-testid={`notify-${c.key}`}
            actions={[
              <Switch
                key="bell"
                checked={c.bell}
                disabled={c.mandatory}
                loading={saving === c.key}
                aria-label={tx([c.title, c.titleEn])}
                onChange={(checked) => void toggle(c.key, checked)}
              />,
            ]}
          >
            <List.Item.Meta
              title={tx([c.title, c.titleEn])}
              description={
                c.mandatory
                  ? tx(['必收消息，不能关闭', 'Mandatory: cannot be turned off'])
                  : c.bell
                    ? tx(['在消息铃铛中提醒并实时推送', 'Shown in the bell and pushed live'])
                    : tx([
                        '已关闭：不推送、不计入未读，仍可在“我的消息”中查看',
                        'Off: not pushed or counted; still listed under My messages',
                      ])
              }
            />
          </List.Item>
        )}
      />
    </div>
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

const TABS = ['base', 'security', 'preferences', 'sessions'] as const;

export default function AccountSettings() {
  const tx = useBilingual();
  // ?tab=preferences opens a tab directly (links from elsewhere, screenshots).
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const initialTab = TABS.find((key) => key === asked) ?? 'base';
  const profile = useQuery({
    queryKey: ['account-profile'],
    queryFn: () => api.get<Profile>('/sys/user/profile'),
  });
  return (
    <Card variant="borderless" data-testid="account-settings">
      {profile.error ? <Alert type="error" showIcon message={errorText(profile.error)} /> : null}
      {profile.data ? (
        <Tabs
          defaultActiveKey={initialTab}
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
              key: 'preferences',
              label: tx(['偏好设置', 'Preferences']),
              children: <Preferences />,
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
