// Shipper self-registration, /customer/register (CustomerRegister, public): the company
// (name, unified social credit code checked by its check character, business licence image), its contact
// with a mobile proved by an SMS code, and the administrator account. The customer lands in review state 1
// and shows in the platform's pending-shippers counter.
import { BankOutlined, IdcardOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { AUTH_MSG, isUnifiedSocialCreditCode, LICENCE_MAX_BYTES } from '@freight/contracts';
import { Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmRules, newPasswordRules, usernameRules } from '../../components/auth/passwordRules';
import { useEnvelopeCall } from '../../components/auth/useEnvelopeCall';
import { UserLayoutFrame } from '../../layouts/UserLayoutFrame';
import { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { AUTH_NS } from '../user/components/authI18n';
import { LicencePicker } from '../user/components/LicencePicker';
import { RegisteredResult } from '../user/components/RegisteredResult';
import { mobileRules, SmsCodeInput, smsCodeRules } from '../user/components/SmsCodeInput';
import { NewPasswordInput } from '../user/NewPasswordInputs';
import { NewUsernameInput } from '../user/NewUsernameInput';
import type { RegisterValues } from '../user/Register';
import '../user/components/auth.css';

interface Values extends RegisterValues {
  customerName: string;
  creditCode: string;
  licence: File;
  contactName: string;
}

/** Required, and more than blanks. */
const filled = (message: string) => ({ required: true, whitespace: true, message });

export default function CustomerRegister() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation(AUTH_NS);
  const [form] = Form.useForm<Values>();
  const { busy: submitting, call } = useEnvelopeCall();
  const [done, setDone] = useState<{ customerName: string; username: string } | null>(null);

  const submit = async (values: Values) => {
    const env = await call(() =>
      authApi.customerRegister({
        customerName: values.customerName.trim(),
        creditCode: values.creditCode.trim().toUpperCase(),
        contactName: values.contactName.trim(),
        mobile: values.mobile.trim(),
        smscode: values.smscode,
        username: values.username.trim(),
        password: values.password,
        licence: values.licence,
      }),
    );
    if (!env?.success) return;
    feedback.message.success(env.message);
    setDone({ customerName: values.customerName.trim(), username: values.username.trim() });
    window.scrollTo(0, 0);
  };

  const section = (title: string, hint?: string) => (
    <div className="shipper-register-section">
      {title}
      {hint ? <small>{hint}</small> : null}
    </div>
  );

  return (
    <UserLayoutFrame title={ta('customerRegister.title')}>
      <section className="shipper-register" data-testid="customer-register">
        {done ? (
          <div className="auth-result" data-testid="customer-register-done">
            <RegisteredResult
              title={ta('customerRegister.doneTitle')}
              subTitle={ta('customerRegister.doneDesc', {
                name: done.customerName,
                username: done.username,
              })}
              login={{ to: '/user/login3', text: ta('customerRegister.toLogin') }}
              home={ta('customerRegister.home')}
            />
          </div>
        ) : (
          <>
            <div className="shipper-register-head">
              <h2>{ta('customerRegister.title')}</h2>
              <p>{ta('customerRegister.subtitle')}</p>
            </div>
            <Form<Values>
              form={form}
              layout="vertical"
              onFinish={submit}
              requiredMark
              aria-label={ta('customerRegister.title')}
              scrollToFirstError
            >
              {section(ta('customerRegister.company'))}
              <Form.Item
                name="customerName"
                label={ta('customerRegister.customerName')}
                rules={[
                  filled(ta('customerRegister.customerNameRequired')),
                  { min: 2, max: 100, message: ta('customerRegister.customerNameRequired') },
                ]}
              >
                <Input
                  prefix={<BankOutlined />}
                  placeholder={ta('customerRegister.customerNamePlaceholder')}
                  maxLength={100}
                  data-testid="cr-name"
                />
              </Form.Item>
              <Form.Item
                name="creditCode"
                label={ta('customerRegister.creditCode')}
                normalize={(v: string) => v?.toUpperCase().replace(/\s/g, '')}
                validateFirst
                rules={[
                  { required: true, message: ta('customerRegister.creditCodeRequired') },
                  {
                    validator: (_, value: string) =>
                      !value || isUnifiedSocialCreditCode(value)
                        ? Promise.resolve()
                        : Promise.reject(new Error(AUTH_MSG.creditCodeInvalid)),
                  },
                ]}
              >
                <Input
                  prefix={<IdcardOutlined />}
                  placeholder={ta('customerRegister.creditCodePlaceholder')}
                  maxLength={18}
                  autoComplete="off"
                  data-testid="cr-credit-code"
                />
              </Form.Item>
              <Form.Item
                name="licence"
                label={ta('customerRegister.licence')}
                rules={[{ required: true, message: AUTH_MSG.licenceRequired }]}
              >
                <LicencePicker
                  maxBytes={LICENCE_MAX_BYTES}
                  label={ta('customerRegister.licenceUpload')}
                  replaceLabel={ta('customerRegister.licenceReplace')}
                  hint={ta('customerRegister.licenceHint')}
                  onRejected={(message) => form.setFields([{ name: 'licence', errors: [message] }])}
                />
              </Form.Item>

              {section(ta('customerRegister.contact'))}
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="contactName"
                    label={ta('customerRegister.contactName')}
                    rules={[filled(ta('customerRegister.contactNameRequired'))]}
                  >
                    <Input prefix={<UserOutlined />} maxLength={50} data-testid="cr-contact" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="mobile" label={ta('mobile')} rules={mobileRules(ta)}>
                    <Input
                      prefix={<MobileOutlined />}
                      placeholder={ta('mobilePlaceholder')}
                      inputMode="tel"
                      autoComplete="tel"
                      maxLength={11}
                      data-testid="cr-mobile"
                    />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="smscode" label={ta('smsCode')} rules={smsCodeRules(ta)}>
                <SmsCodeInput mode="1" testId="cr-code" />
              </Form.Item>

              {section(ta('customerRegister.account'), ta('customerRegister.accountHint'))}
              <Form.Item
                name="username"
                label={ta('customerRegister.username')}
                rules={usernameRules(ta, t('login.usernameRequired'))}
              >
                <NewUsernameInput data-testid="cr-username" />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="password"
                    label={ta('customerRegister.password')}
                    rules={newPasswordRules}
                    extra={ta('passwordHint')}
                  >
                    <NewPasswordInput data-testid="cr-password" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="confirm"
                    label={ta('confirmPassword')}
                    dependencies={['password']}
                    rules={confirmRules()}
                  >
                    <NewPasswordInput data-testid="cr-confirm" />
                  </Form.Item>
                </Col>
              </Row>
              <div className="shipper-register-actions">
                <Button
                  type="primary"
                  size="large"
                  htmlType="submit"
                  loading={submitting}
                  block
                  data-testid="cr-submit"
                >
                  {ta('customerRegister.submit')}
                </Button>
                <nav>
                  <Link to="/user/login3">{ta('customerLogin')}</Link>
                  <Link to="/home">{ta('customerRegister.home')}</Link>
                </nav>
              </div>
            </Form>
          </>
        )}
      </section>
    </UserLayoutFrame>
  );
}
