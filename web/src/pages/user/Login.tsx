// Login page (spec §2, §4): user name, password, captcha image (click to refresh, refreshed on 412).
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { HOME_PATH, LOGIN_CAPTCHA_ERROR_CODE, LOGIN_PASSWORD_CHANGE_CODE, MSG } from '@freight/contracts';
import { Button, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { errorText, isHttpFailure } from '../../services/request';
import { safeRedirect } from '../../services/sessionActions';
import { usePermissions } from '../../stores/permissions';
import { useSession } from '../../stores/session';

interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
}

function newCheckKey(): string {
  return `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
}

export default function Login() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const refreshCaptcha = useCallback(() => setCheckKey(newCheckKey()), []);

  useEffect(() => {
    let alive = true;
    setCaptcha(null);
    setCaptchaFailed(false);
    authApi
      .captcha(checkKey)
      .then((env) => {
        if (!alive) return;
        if (env.success && env.result) setCaptcha(env.result);
        else setCaptchaFailed(true);
      })
      .catch(() => alive && setCaptchaFailed(true));
    return () => {
      alive = false;
    };
  }, [checkKey]);

  const onFinish = async (values: LoginForm) => {
    setSubmitting(true);
    try {
      const env = await authApi.login({
        username: values.username.trim(),
        password: values.password,
        captcha: values.captcha ?? '',
        checkKey,
      });
      if (env.success && Number(env.code) === 200) {
        usePermissions.getState().clear();
        useSession.getState().login(env.result);
        feedback.message.success(MSG.loginOk);
        navigate(safeRedirect(params.get('redirect'), HOME_PATH), { replace: true });
        return;
      }
      if (Number(env.code) === LOGIN_PASSWORD_CHANGE_CODE) {
        feedback.message.warning(env.message || t('login.passwordChangeRequired'));
      } else if (Number(env.code) === LOGIN_CAPTCHA_ERROR_CODE) {
        feedback.message.error(env.message || MSG.captchaError);
        form.setFieldValue('captcha', '');
      } else {
        feedback.message.error(env.message || MSG.badCredentials);
      }
      refreshCaptcha();
    } catch (err) {
      if (!isHttpFailure(err)) feedback.message.error(errorText(err));
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="login-card" data-testid="login-card">
      <h2 className="login-card-title">{t('login.title')}</h2>
      <Form<LoginForm>
        form={form}
        size="large"
        onFinish={onFinish}
        autoComplete="on"
        aria-label={t('login.title')}
      >
        <Form.Item
          name="username"
          rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('login.usernamePlaceholder')}
            aria-label={t('login.username')}
            autoComplete="username"
            autoFocus
            data-testid="login-username"
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            aria-label={t('login.password')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        <div className="login-captcha-row">
          <Form.Item name="captcha" className="login-captcha-input">
            <Input
              prefix={<SafetyCertificateOutlined />}
              placeholder={t('login.captchaPlaceholder')}
              aria-label={t('login.captcha')}
              autoComplete="off"
              maxLength={8}
              data-testid="login-captcha"
            />
          </Form.Item>
          <button
            type="button"
            className="login-captcha-image"
            onClick={refreshCaptcha}
            title={t('login.captchaRefresh')}
            aria-label={t('login.captchaRefresh')}
            data-testid="login-captcha-image"
          >
            {captcha ? (
              <img src={captcha} alt={t('login.captcha')} />
            ) : captchaFailed ? (
              <span className="login-captcha-failed">{t('login.captchaLoadFailed')}</span>
            ) : (
              <span className="login-captcha-loading">{t('common.loading')}</span>
            )}
          </button>
        </div>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div className="login-links">
        <Link to="/customer/register">{t('login.register')}</Link>
        <Link to="/user/alteration">{t('stub.alteration')}</Link>
      </div>
    </section>
  );
}
