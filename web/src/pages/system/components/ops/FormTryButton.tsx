// A form's "try it" button (test a connection, generate a sample): checks the fields it needs, asks the
// server with the values as typed and shows the answer, or the refusal, beside the button. A form that does
// not pass its own checks shows their messages and no answer.
import { ProForm } from '@ant-design/pro-components';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useBilingual } from '../../../../components/resource/text';
import type { Bilingual } from '../../../../components/resource/types';
import { errorText } from '../../../../services/request';

interface Props {
  label: Bilingual;
  /** The fields checked and read. */
  fields: string[];
  /** The answer's text for the values. */
  run: (values: Record<string, unknown>) => Promise<string>;
  /** The answer can be copied. */
  copyable?: boolean;
  'data-testid': string;
}

export function FormTryButton({ label, fields, run, copyable = false, 'data-testid': testId }: Props) {
  const tx = useBilingual();
  const form = Form.useFormInstance();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const tryIt = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, text: await run(await form.validateFields(fields)) });
    } catch (error) {
      if (!(error as { errorFields?: unknown }).errorFields) setResult({ ok: false, text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ProForm.Item colProps={{ span: 24 }}>
      <Button onClick={() => void tryIt()} loading={busy}>
        {tx(label)}
      </Button>{' '}
      {result && (
        <Typography.Text
          type={result.ok ? 'success' : 'danger'}
          copyable={copyable && result.ok}
          data-testid={testId}
        >
          {result.text}
        </Typography.Text>
      )}
    </ProForm.Item>
  );
}
