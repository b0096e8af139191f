import { describe, expect, it } from 'vitest';
import { slowCache } from './slow-cache';

describe('slowCache', () => {
  it('keeps a slow answer for the ttl, shares a running computation, recomputes a fast one', async () => {
    let clock = 0;
    let calls = 0;
    const cache = slowCache<number>({ slowMs: 50, ttlMs: 1000, now: () => clock });
    const slow = () => {
      calls++;
      clock += 100; // the computation takes 100 ms
      return Promise.resolve(calls);
    };
    const [a, b] = await Promise.all([cache('k', slow), cache('k', slow)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    clock += 500;
    expect(await cache('k', slow)).toBe(1); // within the ttl
    clock += 600;
    expect(await cache('k', slow)).toBe(2); // expired: computed again

    const fast = () => Promise.resolve(++calls);
    expect(await cache('f', fast)).toBe(3);
    expect(await cache('f', fast)).toBe(4); // fast answers are never kept
  });

  it('forgets a failed computation', async () => {
    const cache = slowCache<number>({ slowMs: 0, ttlMs: 1000 });
    await expect(cache('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache('k', () => Promise.resolve(7))).toBe(7);
  });
});
