// The test box of a check rule: a value checked by the server (`checkByCode`), whose message is shown as is.
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import type { ShownFor } from '../../../../components/common/shownFor';
import { useBusyAction } from '../../../../components/common/useBusyAction';
import { useBilingual } from '../../../../components/resource/text';
import { BusinessError, errorText, getEnvelope } from '../../../../services/request';

interface Verdict {
  passed: boolean;
  message: string;
  checked?: string;
}

interface Failure {
  checkValue?: string;
}

export function CheckRuleTester({ rule, onClose }: ShownFor<'rule', { ruleCode: string; ruleName: string }>) {
  const tx = useBilingual();
  const [value, setValue] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  // A failed call is a verdict too, in the server's words.
  const { busy, run } = useBusyAction((error) => setVerdict({ passed: false, message: errorText(error) }));

  const check = async () => {
    if (!rule) return;
    await run(async () => {
      const envelope = await getEnvelope<Failure | null>('/sys/checkRule/checkByCode', {
        ruleCode: rule.ruleCode,
        value,
      });
      if (!envelope.success && envelope.code !== 500)
        throw new BusinessError(envelope.message, envelope.code);
      setVerdict({
        passed: envelope.success,
        message: envelope.message,
        checked: envelope.success ? undefined : envelope.result?.checkValue,
      });
    });
  };

  return (
    <Modal
      open={Boolean(rule)}
      title={`${tx(['功能测试', 'Test'])} · ${rule?.ruleName ?? ''}`}
      footer={null}
      onCancel={() => {
        setValue('');
        setVerdict(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {tx(['输入要校验的值，按规则编码 ', 'Type a value to check against rule '])}
        <Typography.Text code>{rule?.ruleCode}</Typography.Text>
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setVerdict(null);
          }}
          onPressEnter={() => void check()}
          placeholder={tx(['需要测试的值', 'Value to test'])}
          maxLength={1000}
          aria-label={tx(['需要测试的值', 'Value to test'])}
        />
        <Button type="primary" loading={busy} onClick={() => void check()}>
          {tx(['校验', 'Check'])}
        </Button>
      </Space.Compact>
      {verdict && (
        <Alert
          style={{ marginTop: 16 }}
          type={verdict.passed ? 'success' : 'error'}
          showIcon
          message={verdict.message}
          description={
            verdict.checked !== undefined
              ? `${tx(['未通过的部分：', 'Failing part: '])}${verdict.checked}`
              : undefined
          }
          data-testid="check-rule-verdict"
        />
      )}
    </Modal>
  );
}
