import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubAntdBrowserApis } from '../../test/jsdomStubs';
import { RequiredImageItem } from './formItems';

beforeAll(stubAntdBrowserApis);
afterEach(cleanup);

describe('RequiredImageItem', () => {
  it('is required: the form is refused while no image is uploaded', async () => {
    render(
      <App>
        <Form>
          <RequiredImageItem name="voucherImg" label="Voucher" biz="voucher" message="Upload the voucher" />
          <Button htmlType="submit">Send</Button>
        </Form>
      </App>,
    );
    const label = screen.getByText('Voucher');
    expect(label.className).toContain('ant-form-item-required');
    fireEvent.click(screen.getByText('Send'));
    await waitFor(() =>
      expect(label.closest('.ant-form-item')?.className).toContain('ant-form-item-has-error'),
    );
  });
});
