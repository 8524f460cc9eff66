// 个人信息保护法: a party user who has not accepted the current privacy-policy version is asked before
// using the console — after the sign-in that flagged it, and again on every start until accepted. Declining
// signs out.
import type { PrivacyConsentPrompt } from '@freight/contracts';
import { App, Button, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useBusyAction } from '../components/common/useBusyAction';
import { useBilingual } from '../components/resource/text';
import { getEnvelope, postEnvelope } from '../services/request';
import { logout } from '../services/sessionActions';

export function PrivacyConsentGate() {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [prompt, setPrompt] = useState<PrivacyConsentPrompt | null>(null);
  const { busy: saving, run: runSaving } = useBusyAction();

  useEffect(() => {
    let live = true;
    getEnvelope<PrivacyConsentPrompt | null>('/privacy/consent/pending')
      .then((env) => {
        if (live && env.success && env.result) setPrompt(env.result);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (!prompt) return null;
  const accept = async () => {
    await runSaving(async () => {
      const env = await postEnvelope('/privacy/consent/accept', { version: prompt.version });
      if (!env.success) throw new Error(env.message);
      message.success(tx(['已同意隐私政策', 'Privacy policy accepted']));
      setPrompt(null);
    });
  };
  return (
    <Modal
      open
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={640}
      title={tx([`${prompt.title}（版本 ${prompt.version}）`, `${prompt.title} (version ${prompt.version})`])}
      data-testid="privacy-consent"
      footer={[
        <Button key="decline" onClick={() => void logout()} data-testid="privacy-decline">
          {tx(['不同意并退出', 'Decline and sign out'])}
        </Button>,
        <Button key="accept" type="primary" loading={saving} onClick={accept} data-testid="privacy-accept">
          {tx(['同意并继续', 'Accept and continue'])}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {tx([
          '隐私政策已更新，请阅读并同意后继续使用。',
          'The privacy policy has changed: please read and accept it to go on.',
        ])}
      </Typography.Paragraph>
      <div style={{ maxHeight: '50vh', overflow: 'auto', whiteSpace: 'pre-wrap' }}>{prompt.content}</div>
    </Modal>
  );
}
