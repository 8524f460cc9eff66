// The full-width submit button closing a sign-in page's form (sign in, register, reset a password).
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';

export function SubmitRow({
  loading,
  testId,
  children,
}: {
  loading: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading} data-testid={testId}>
        {children}
      </Button>
    </Form.Item>
  );
}
