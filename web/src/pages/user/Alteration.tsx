// /user/alteration: forgotten password. A code sent to the account's mobile (mode 2)
// proves the phone and yields a 10-minute reset token; the new password then ends every session.
import { AUTH_MSG } from '@freight/contracts';
import { Button, Form, Result, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEnvelopeCall } from '../../components/auth/useEnvelopeCall';
import { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { AUTH_NS } from './components/authI18n';
import { MobileWithCode } from './components/SmsCodeInput';
import { NewPasswordInputs } from './NewPasswordInputs';
import { SubmitRow } from './SubmitRow';
import './components/auth.css';

interface VerifyValues {
  mobile: string;
  smscode: string;
}
interface ResetValues {
  password: string;
  confirmpassword: string;
}

export default function Alteration() {
  const { t: ta } = useTranslation(AUTH_NS);
  const [step, setStep] = useState(0);
  const [grant, setGrant] = useState<{ username: string; resetToken: string } | null>(null);
  const { busy: submitting, call: attempt } = useEnvelopeCall();
  const [verifyForm] = Form.useForm<VerifyValues>();
  const [resetForm] = Form.useForm<ResetValues>();

  const verify = async (values: VerifyValues) => {
    const env = await attempt(() => authApi.phoneVerification(values.mobile.trim(), values.smscode));
    if (!env?.success) return;
    setGrant(env.result);
    setStep(1);
  };

  const reset = async (values: ResetValues) => {
    if (!grant) return;
    const env = await attempt(() => authApi.resetPassword({ ...values, ...grant }));
    if (!env) return;
    if (!env.success) {
      // A used or expired reset token cannot be retried: start again from the phone.
      if (env.message === AUTH_MSG.resetTokenInvalid) {
        setGrant(null);
        setStep(0);
      }
      return;
    }
    feedback.message.success(env.message);
    setGrant(null);
    setStep(2);
  };

  return (
    <section className="login-card auth-card-wide" data-testid="alteration-card">
      <h2 className="login-card-title">{ta('alteration.title')}</h2>
      <Steps
        className="auth-steps"
        size="small"
        current={step}
        responsive={false}
        items={[
          { title: ta('alteration.stepVerify') },
          { title: ta('alteration.stepReset') },
          { title: ta('alteration.stepDone') },
        ]}
      />
      {step === 0 ? (
        <Form<VerifyValues>
          form={verifyForm}
          size="large"
          onFinish={verify}
          aria-label={ta('alteration.stepVerify')}
        >
          <MobileWithCode mode="2" testId="alteration" />
          <SubmitRow loading={submitting} testId="alteration-next">
            {ta('alteration.next')}
          </SubmitRow>
        </Form>
      ) : null}
      {step === 1 && grant ? (
        <Form<ResetValues>
          form={resetForm}
          size="large"
          onFinish={reset}
          aria-label={ta('alteration.stepReset')}
        >
          <div className="auth-account-line" data-testid="alteration-account">
            {ta('alteration.account')}：<strong>{grant.username}</strong>
          </div>
          <NewPasswordInputs
            confirmName="confirmpassword"
            passwordText={{
              placeholder: ta('alteration.newPassword'),
              label: ta('alteration.newPassword'),
            }}
            testId="alteration"
          />
          <SubmitRow loading={submitting} testId="alteration-submit">
            {ta('alteration.submit')}
          </SubmitRow>
        </Form>
      ) : null}
      {step === 2 ? (
        <div className="auth-result" data-testid="alteration-done">
          <Result
            status="success"
            title={ta('alteration.doneTitle')}
            subTitle={ta('alteration.doneDesc')}
            extra={
              <Link to="/user/login">
                <Button type="primary">{ta('alteration.backLogin')}</Button>
              </Link>
            }
          />
        </div>
      ) : null}
      {step < 2 ? (
        <nav className="login-links">
          <Link to="/user/login">{ta('alteration.backLogin')}</Link>
        </nav>
      ) : null}
    </section>
  );
}
