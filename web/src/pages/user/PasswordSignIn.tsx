// Signing in with account and password, shared by the platform login and the customer-staff login (/user/login3):
// the form's fields, the captcha refreshed after every failure, and code 406 (an initial or expired password)
// opening the change-password dialog, after which the new password signs in (at once when no captcha is due).
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import {
  LOGIN_CAPTCHA_ERROR_CODE,
  LOGIN_PASSWORD_CHANGE_CODE,
  LOGIN_SUCCESS_CODE,
  MSG,
  type PasswordChangeRequired,
  type RememberedLoginResult,
} from '@freight/contracts';
import { Checkbox, Form, type FormInstance } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Input, Password } from '../../components/form/singleLineInputs';
import type { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { showFailure } from '../../services/request';
import { AUTH_NS } from './components/authI18n';
import { SubmitRow } from './SubmitRow';
import { type Captcha, CaptchaRow, useCaptcha } from './useCaptcha';
import { useCompleteLogin } from './useCompleteLogin';

const PasswordChangeDialog = lazy(() => import('./PasswordChangeDialog'));

export interface PasswordSignInValues {
  username: string;
  password: string;
  captcha?: string;
  remember?: boolean;
}

type SignInCall = typeof authApi.loginByUsername;

export interface PasswordSignIn {
  form: FormInstance<PasswordSignInValues>;
  captcha: Captcha;
  submitting: boolean;
  submit: (values: PasswordSignInValues) => Promise<void>;
  /** The change-password dialog of a 406 answer, or null. */
  dialog: React.ReactNode;
}

/** `captchaOff`: whether the server signs in without a captcha (then a changed password signs in at once). */
export function usePasswordSignIn(signIn: SignInCall, captchaOff: () => boolean): PasswordSignIn {
  const { t } = useTranslation();
  const { t: ta } = useTranslation(AUTH_NS);
  const [form] = Form.useForm<PasswordSignInValues>();
  const captcha = useCaptcha();
  const complete = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);
  const [change, setChange] = useState<{ required: PasswordChangeRequired; oldPassword: string } | null>(
    null,
  );

  const submit = async (values: PasswordSignInValues) => {
    setSubmitting(true);
    const remember = Boolean(values.remember);
    try {
      const env = await signIn({
        username: values.username.trim(),
        password: values.password,
        captcha: values.captcha ?? '',
        checkKey: captcha.checkKey,
        remember_me: remember,
      });
      const code = Number(env.code);
      if (env.success && code === LOGIN_SUCCESS_CODE) {
        complete(env.result as RememberedLoginResult, { remember });
        return;
      }
      form.setFieldValue('captcha', '');
      captcha.refresh();
      if (env.success && code === LOGIN_PASSWORD_CHANGE_CODE) {
        // 406 is a result for the caller, not an error: the password must be changed first.
        feedback.message.warning(env.message || t('login.passwordChangeRequired'));
        setChange({ required: env.result as PasswordChangeRequired, oldPassword: values.password });
        return;
      }
      feedback.message.error(
        env.message || (code === LOGIN_CAPTCHA_ERROR_CODE ? MSG.captchaError : MSG.badCredentials),
      );
    } catch (err) {
      showFailure(err);
      captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  const afterPasswordChange = async (newPassword: string) => {
    setChange(null);
    form.setFieldsValue({ password: newPassword, captcha: '' });
    if (captchaOff()) {
      await submit({ ...form.getFieldsValue(), password: newPassword });
      return;
    }
    // The captcha of the attempt is used up: the user types the new image's text and signs in.
    feedback.message.info(ta('passwordChange.enterCaptcha'));
    form.getFieldInstance('captcha')?.focus?.();
  };

  const dialog = change ? (
    <Suspense fallback={null}>
      <PasswordChangeDialog
        required={change.required}
        oldPassword={change.oldPassword}
        onChanged={(password) => void afterPasswordChange(password)}
        onCancel={() => setChange(null)}
      />
    </Suspense>
  ) : null;

  return { form, captcha, submitting, submit, dialog };
}

/** The fields and the submit button; test ids start with `testId` (login, login3). */
export function PasswordSignInForm({
  signIn,
  testId,
  label,
}: {
  signIn: PasswordSignIn;
  testId: string;
  label: string;
}) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation(AUTH_NS);
  return (
    <Form<PasswordSignInValues>
      // Keyed: antd keeps the first form instance it was given.
      key="password"
      form={signIn.form}
      size="large"
      onFinish={signIn.submit}
      autoComplete="on"
      aria-label={label}
      initialValues={{ remember: false }}
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
          data-testid={`${testId}-username`}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Password
          prefix={<LockOutlined />}
          placeholder={t('login.passwordPlaceholder')}
          aria-label={t('login.password')}
          autoComplete="current-password"
          data-testid={`${testId}-password`}
        />
      </Form.Item>
      <CaptchaRow captcha={signIn.captcha} />
      <div className="auth-row">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox data-testid={`${testId}-remember`}>{ta('rememberMe')}</Checkbox>
        </Form.Item>
        <Link to="/user/alteration" data-testid={`${testId}-forgot`}>
          {ta('forgot')}
        </Link>
      </div>
      <SubmitRow loading={signIn.submitting} testId={`${testId}-submit`}>
        {t('login.submit')}
      </SubmitRow>
    </Form>
  );
}
