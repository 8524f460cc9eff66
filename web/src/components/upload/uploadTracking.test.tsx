import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubAntdBrowserApis } from '../../test/jsdomStubs';
import { PostDialog } from '../form/PostDialog';
import { ImageUpload } from '../resource/ImageUpload';

const postEnvelope = vi.fn();
const upload = vi.fn();
vi.mock('../../services/request', () => ({
  api: { get: vi.fn(), post: vi.fn() },
  postEnvelope: (url: string, body: unknown) => postEnvelope(url, body),
  upload: (...args: unknown[]) => upload(...args),
  errorText: (error: unknown) => (error instanceof Error ? error.message : String(error)),
}));

beforeAll(stubAntdBrowserApis);

afterEach(() => {
  cleanup();
  postEnvelope.mockReset();
  upload.mockReset();
});

function openVoucherDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <PostDialog<{ voucherImg?: string }>
          title="凭证充值"
          okText="提交凭证"
          url="/wallet/voucher"
          body={(values) => values}
          onClose={onClose}
        >
          <Form.Item name="voucherImg">
            <ImageUpload biz="voucher" />
          </Form.Item>
        </PostDialog>
      </App>
    </QueryClientProvider>,
  );
  return onClose;
}

function chooseImage() {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['png'], 'voucher.png', { type: 'image/png' })] } });
}

// The first render of antd's modal is slow on a loaded 2-core machine.
describe('a form with an upload in flight', { timeout: 30_000 }, () => {
  it('cannot be submitted until the upload answers, then sends the stored path', async () => {
    let answer: (envelope: unknown) => void = () => undefined;
    upload.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    postEnvelope.mockResolvedValue({ success: true, message: '已提交', code: 200 });
    const onClose = openVoucherDialog();
    const submit = screen.getByRole('button', { name: '提交凭证' });
    expect(submit).toHaveProperty('disabled', false);

    chooseImage();
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(submit).toHaveProperty('disabled', true);

    answer({ success: true, message: 'voucher/2026/11/voucher.png', code: 200 });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(postEnvelope).toHaveBeenCalledWith('/wallet/voucher', {
      voucherImg: 'voucher/2026/11/voucher.png',
    });
  });

  it('can be submitted again after an upload fails', async () => {
    upload.mockRejectedValue(new Error('网络错误'));
    openVoucherDialog();
    const submit = screen.getByRole('button', { name: '提交凭证' });
    chooseImage();
    await waitFor(() => expect(upload).toHaveBeenCalled());
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
  });
});
