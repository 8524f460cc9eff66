// SMS code field with its send button: validates the mobile field of the same form, sends a code
// for `mode`, then counts down the 60 s the server enforces between two codes to one number.
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnvelopeCall } from '../../../components/auth/useEnvelopeCall';
import { Input } from '../../../components/form/singleLineInputs';
import { authApi, type SmsMode } from '../../../services/authApi';
import { feedback } from '../../../services/feedback';
import { AUTH_NS } from './authI18n';

const RESEND_AFTER_MS = 60_000;

interface Props {
  mode: SmsMode;
  /** Name of the form field holding the mobile number. */
  mobileField?: string;
  value?: string;
  onChange?: (value: string) => void;
  testId?: string;
}

export function SmsCodeInput({ mode, mobileField = 'mobile', value, onChange, testId = 'sms-code' }: Props) {
  const { t } = useTranslation(AUTH_NS);
  const form = Form.useFormInstance();
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const { busy: sending, call } = useEnvelopeCall();
  const remaining = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const send = async () => {
    try {
      await form.validateFields([mobileField]);
    } catch {
      return;
    }
    const env = await call(() => authApi.sendSms(String(form.getFieldValue(mobileField)).trim(), mode));
    if (!env?.success) return;
    feedback.message.success(env.message);
    const sentAt = Date.now();
    setNow(sentAt);
    setUntil(sentAt + RESEND_AFTER_MS);
  };

  return (
    <div className="auth-sms-row">
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, ''))}
        prefix={<SafetyOutlined />}
        placeholder={t('smsCodePlaceholder')}
        aria-label={t('smsCode')}
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        data-testid={testId}
      />
      <Button
        onClick={send}
        loading={sending}
        disabled={remaining > 0}
        className="auth-sms-send"
        data-testid={`${testId}-send`}
      >
        {remaining > 0 ? t('resendIn', { seconds: remaining }) : t('sendCode')}
      </Button>
    </div>
  );
}

/** Form rules of an SMS code field. */
export function smsCodeRules(t: (key: string) => string) {
  return [
    { required: true, message: t('smsCodeRequired') },
    { pattern: /^\d{6}$/, message: t('smsCodeFormat') },
  ];
}

/** Form rules of a mobile number field (11 digits, 1 then 3-9). */
export function mobileRules(t: (key: string) => string) {
  return [
    { required: true, whitespace: true, message: t('mobileRequired') },
    { pattern: /^1[3-9]\d{9}$/, message: t('mobileInvalid') },
  ];
}

/**
 * The mobile number and its SMS code, the pair every phone form of the sign-in pages asks for. Test ids are
 * `<testId>-mobile` and `<testId>-code`.
 */
export function MobileWithCode({
  mode,
  codeField = 'smscode',
  testId,
}: {
  mode: SmsMode;
  codeField?: string;
  testId: string;
}) {
  const { t } = useTranslation(AUTH_NS);
  return (
    <>
      <Form.Item name="mobile" rules={mobileRules(t)}>
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('mobilePlaceholder')}
          aria-label={t('mobile')}
          inputMode="tel"
          autoComplete="tel"
          maxLength={11}
          data-testid={`${testId}-mobile`}
        />
      </Form.Item>
      <Form.Item name={codeField} rules={smsCodeRules(t)}>
        <SmsCodeInput mode={mode} testId={`${testId}-code`} />
      </Form.Item>
    </>
  );
}
