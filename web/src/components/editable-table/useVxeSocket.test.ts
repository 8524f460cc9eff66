import type { UserInfo } from '@freight/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../stores/session';
import { useVxeSocket, VXE_HEARTBEAT_MS, VXE_RECONNECT_MS, VXE_REPLY_TIMEOUT_MS } from './useVxeSocket';

/** A WebSocket double: records what is sent, lets the test open, answer and close it. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}

describe('useVxeSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    useSession.setState({ token: 'tok', userInfo: { id: 'u1' } as UserInfo });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('beats every 10 s, reconnects 5 s after no reply within 6 s, merges rows of other instances only', () => {
    const onRow = vi.fn();
    const { result, unmount } = renderHook(() => useVxeSocket({ pageId: 'p1', socketKey: 'orders', onRow }));
    const first = FakeSocket.all[0];
    expect(first.url).toMatch(/\/vxeSocket\/u1\/p1\?tenant_id=0$/);
    expect(first.protocols).toEqual(['tok']);
    act(() => first.open());
    expect(result.current.connected).toBe(true);

    act(() => vi.advanceTimersByTime(VXE_HEARTBEAT_MS));
    expect(JSON.parse(first.sent[0])).toEqual({ type: 'heart_beat', data: '-' });
    act(() => first.receive({ type: 'heart_beat', data: true }));
    act(() => vi.advanceTimersByTime(VXE_REPLY_TIMEOUT_MS));
    expect(first.readyState).toBe(1);

    act(() => result.current.sendRow({ id: 'a', qty: 2 }));
    expect(JSON.parse(first.sent[1])).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'orders', args: [{ id: 'a', qty: 2 }, result.current.caseId] },
    });
    act(() =>
      first.receive({
        type: 'update_vxe_table',
        data: { socketKey: 'orders', args: [{ id: 'b' }, 'other'] },
      }),
    );
    act(() =>
      first.receive({
        type: 'update_vxe_table',
        data: { socketKey: 'orders', args: [{ id: 'c' }, result.current.caseId] },
      }),
    );
    expect(onRow.mock.calls).toEqual([[{ id: 'b' }]]);

    // Next beat goes unanswered: closed after 6 s, a new socket 5 s later.
    act(() => vi.advanceTimersByTime(VXE_HEARTBEAT_MS - VXE_REPLY_TIMEOUT_MS));
    act(() => vi.advanceTimersByTime(VXE_REPLY_TIMEOUT_MS));
    expect(first.readyState).toBe(3);
    expect(result.current.connected).toBe(false);
    act(() => vi.advanceTimersByTime(VXE_RECONNECT_MS - 1));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.all).toHaveLength(2);

    // An error closes and reconnects after 5 s too.
    const second = FakeSocket.all[1];
    act(() => second.open());
    act(() => second.onerror?.());
    act(() => vi.advanceTimersByTime(VXE_RECONNECT_MS));
    expect(FakeSocket.all).toHaveLength(3);

    unmount();
    expect(FakeSocket.all[2].readyState).toBe(3);
    act(() => vi.advanceTimersByTime(VXE_RECONNECT_MS * 2));
    expect(FakeSocket.all).toHaveLength(3);
  });
});
