import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useNewestAnswer } from './useNewestAnswer';

/** A promise settled from outside, as a request answered whenever the test says. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** The list opened (`first`) and a search started before its answer came (`second`). */
function openedThenSearched<T>() {
  const { result } = renderHook(() => useNewestAnswer<T>());
  const opened = pending<T>();
  const searched = pending<T>();
  const first = result.current(opened.promise);
  const second = result.current(searched.promise);
  return { opened, searched, first, second };
}

describe('useNewestAnswer', () => {
  it('answers a slow earlier request with the rows of the search started after it', async () => {
    const { opened, searched, first, second } = openedThenSearched<string[]>();
    searched.resolve(['YD-searched']);
    await expect(second).resolves.toEqual(['YD-searched']);
    opened.resolve(['YD-a', 'YD-b']);
    await expect(first).resolves.toEqual(['YD-searched']);
  });

  it('waits for a newer request that is still running', async () => {
    const { opened, searched, first, second } = openedThenSearched<string>();
    opened.resolve('all rows');
    searched.resolve('one row');
    await expect(first).resolves.toBe('one row');
    await expect(second).resolves.toBe('one row');
  });

  it('passes on the failure of the newest request', async () => {
    const { opened, searched, first, second } = openedThenSearched<string>();
    searched.reject(new Error('查询失败'));
    opened.resolve('all rows');
    await expect(second).rejects.toThrow('查询失败');
    await expect(first).rejects.toThrow('查询失败');
  });

  it('answers a lone request with its own rows', async () => {
    const { result } = renderHook(() => useNewestAnswer<number>());
    await expect(result.current(Promise.resolve(7))).resolves.toBe(7);
  });
});
