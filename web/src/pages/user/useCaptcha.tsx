// The login captcha: an image per check key, refreshed by a click and after every failed
// attempt (the server burns a captcha on every check, and answers 412 验证码错误 to a wrong one).
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Form } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../components/form/singleLineInputs';
import { authApi } from '../../services/authApi';

function newCheckKey(): string {
  return `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
}

export interface Captcha {
  checkKey: string;
  image: string | null;
  failed: boolean;
  refresh: () => void;
}

export function useCaptcha(): Captcha {
  const [checkKey, setCheckKey] = useState(newCheckKey);
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(() => setCheckKey(newCheckKey()), []);

  useEffect(() => {
    let alive = true;
    setImage(null);
    setFailed(false);
    authApi
      .captcha(checkKey)
      .then((env) => {
        if (!alive) return;
        if (env.success && env.result) setImage(env.result);
        else setFailed(true);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [checkKey]);

  return { checkKey, image, failed, refresh };
}

/** The captcha input (form field `captcha`) beside its image; a click on the image gets a new one. */
export function CaptchaRow({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  return (
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
        onClick={captcha.refresh}
        title={t('login.captchaRefresh')}
        aria-label={t('login.captchaRefresh')}
        data-testid="login-captcha-image"
        data-check-key={captcha.checkKey}
      >
        {captcha.image ? (
          <img src={captcha.image} alt={t('login.captcha')} />
        ) : captcha.failed ? (
          <span className="login-captcha-failed">{t('login.captchaLoadFailed')}</span>
        ) : (
          <span className="login-captcha-loading">{t('common.loading')}</span>
        )}
      </button>
    </div>
  );
}
