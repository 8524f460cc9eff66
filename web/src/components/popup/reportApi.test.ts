import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const get = vi.fn(async (url: string) => ({
  columns: [],
  dictOptions: {},
  cgRpConfigId: url,
  cgRpConfigName: '',
}));
vi.mock('../../services/request', () => ({ api: { get } }));

const { cachedRpColumns, GROUP_CACHE_MS } = await import('./reportApi');

describe('report columns of popups (cached 30 s per group)', () => {
  beforeEach(() => {
    get.mockClear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('asks once per group and code within 30 s, again after', async () => {
    await cachedRpColumns('report_driver', 'form-a');
    await cachedRpColumns('report_driver', 'form-a');
    expect(get).toHaveBeenCalledTimes(1);
    // Another group, or another report, asks for itself.
    await cachedRpColumns('report_driver', 'form-b');
    await cachedRpColumns('report_vehicle', 'form-a');
    expect(get).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(GROUP_CACHE_MS - 1);
    await cachedRpColumns('report_driver', 'form-a');
    expect(get).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(2);
    await cachedRpColumns('report_driver', 'form-a');
    expect(get).toHaveBeenCalledTimes(4);
  });

  it('never caches without a group, nor a failed answer', async () => {
    await cachedRpColumns('report_driver');
    await cachedRpColumns('report_driver');
    expect(get).toHaveBeenCalledTimes(2);
    get.mockRejectedValueOnce(new Error('offline'));
    await expect(cachedRpColumns('report_customer', 'form-c')).rejects.toThrow('offline');
    await cachedRpColumns('report_customer', 'form-c');
    expect(get).toHaveBeenCalledTimes(4);
  });
});
