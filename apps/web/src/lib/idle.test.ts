import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleAfterLoad } from './idle';
import { queryClient } from './query-client';

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('whenIdleAfterLoad', () => {
  it('waits for the page’s data (no query fetching for half a second), then for an idle moment', async () => {
    vi.useFakeTimers();
    let resolve!: (v: number) => void;
    void queryClient.fetchQuery({
      queryKey: ['slow'],
      queryFn: () => new Promise<number>((r) => (resolve = r)),
    });
    const run = vi.fn();
    whenIdleAfterLoad(run);
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).not.toHaveBeenCalled();
    resolve(1);
    await vi.advanceTimersByTimeAsync(300);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a query that never ends more than 10 s, and runs once', async () => {
    vi.useFakeTimers();
    queryClient
      .fetchQuery({ queryKey: ['never'], queryFn: () => new Promise<number>(() => {}) })
      .catch(() => {});
    const run = vi.fn();
    whenIdleAfterLoad(run);
    await vi.advanceTimersByTimeAsync(9000);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('once cancelled, runs nothing and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const cancel = whenIdleAfterLoad(run);
    await vi.advanceTimersByTimeAsync(200);
    cancel();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(run).not.toHaveBeenCalled();
  });
});
