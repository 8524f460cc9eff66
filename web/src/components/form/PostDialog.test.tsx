import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubAntdBrowserApis } from '../../test/jsdomStubs';
import { PostDialog, type PostDialogProps } from './PostDialog';

const postEnvelope = vi.fn();
vi.mock('../../services/request', () => ({
  postEnvelope: (url: string, body: unknown) => postEnvelope(url, body),
  errorText: (error: unknown) => (error instanceof Error ? error.message : String(error)),
}));

beforeAll(stubAntdBrowserApis);

afterEach(() => {
  cleanup();
  postEnvelope.mockReset();
});

function open(props: Partial<PostDialogProps<object>> = {}) {
  const onClose = vi.fn();
  render(
    <App>
      <PostDialog<object>
        title="驳回"
        okText="确认驳回"
        url="/x/reject"
        body={() => ({ id: '7', reason: '  缺少回单 ' })}
        onClose={onClose}
        {...props}
      />
    </App>,
  );
  fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
  return onClose;
}

// The first render of antd's modal is slow on a loaded 2-core machine.
describe('PostDialog', { timeout: 30_000 }, () => {
  it('shows the server refusal inside the dialog and stays open', async () => {
    postEnvelope.mockResolvedValue({ success: false, message: '状态已变更', code: 500 });
    const onClose = open({ refusal: { inline: 'dialog-refusal' } });
    expect((await screen.findByTestId('dialog-refusal')).textContent).toContain('状态已变更');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends what the schema parses and closes as changed on success', async () => {
    postEnvelope.mockResolvedValue({ success: true, message: '已驳回', code: 200 });
    const schema = z.object({ id: z.string(), reason: z.string().trim() });
    const onClose = open({ schema });
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(postEnvelope).toHaveBeenCalledWith('/x/reject', { id: '7', reason: '缺少回单' });
  });

  it('does not send a body the schema refuses, and shows its first issue', async () => {
    const schema = z.object({ id: z.string(), reason: z.string().min(20, '原因至少20个字') });
    const onClose = open({ schema, refusal: { inline: 'dialog-refusal' } });
    expect((await screen.findByTestId('dialog-refusal')).textContent).toContain('原因至少20个字');
    expect(postEnvelope).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
