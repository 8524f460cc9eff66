import { cleanup, renderHook, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubAntdBrowserApis } from '../../test/jsdomStubs';
import { usePostAction } from './usePostAction';

const postEnvelope = vi.fn();
vi.mock('../../services/request', () => ({
  postEnvelope: (url: string, body: unknown) => postEnvelope(url, body),
}));

beforeAll(stubAntdBrowserApis);

afterEach(() => {
  cleanup();
  postEnvelope.mockReset();
});

const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;

describe('usePostAction', { timeout: 30_000 }, () => {
  it('shows the server success message of an accepted action', async () => {
    postEnvelope.mockResolvedValue({ success: true, message: '已发布', code: 200 });
    const { result } = renderHook(() => usePostAction(), { wrapper });
    await result.current('/privacy/policy/publish', { id: '7' });
    expect(postEnvelope).toHaveBeenCalledWith('/privacy/policy/publish', { id: '7' });
    expect(await screen.findByText('已发布')).toBeTruthy();
  });

  it('throws the server reason of a refused action', async () => {
    postEnvelope.mockResolvedValue({ success: false, message: '状态已变更', code: 500 });
    const { result } = renderHook(() => usePostAction(), { wrapper });
    await expect(result.current('/plateform/etc/match', {})).rejects.toThrow('状态已变更');
  });

  it('warns with the server text when the accepted result fell short', async () => {
    postEnvelope.mockResolvedValue({ success: true, message: '开具失败', code: 200, result: { state: 2 } });
    const { result } = renderHook(() => usePostAction(), { wrapper });
    const warnIf = vi.fn((answer: { state: number }) => answer.state === 2);
    await result.current('/plateform/invoice/query', { id: '7' }, warnIf);
    expect(warnIf).toHaveBeenCalledWith({ state: 2 });
    expect(await screen.findByText('开具失败')).toBeTruthy();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
  });
});
