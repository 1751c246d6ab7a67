import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREFETCHED_GLOBAL, withPrefetched } from './prefetched';

const URL_A = 'https://api.test/rest/v1/courses?select=id%2Ccode%2Cname&id=eq.1';

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL];
});

function prefetch(url: string, answer: Promise<Response>) {
  (globalThis as Record<string, unknown>)[PREFETCHED_GLOBAL] = new Map([[url, answer]]);
}

describe('withPrefetched', () => {
  it("answers a GET the page's script already sent with that answer, once", async () => {
    const network = vi.fn<typeof fetch>(async () => new Response('from the network'));
    prefetch(URL_A, Promise.resolve(new Response('prefetched')));
    const fetchWith = withPrefetched(network);
    expect(await (await fetchWith(URL_A, { method: 'GET' })).text()).toBe('prefetched');
    expect(await (await fetchWith(URL_A, { method: 'GET' })).text()).toBe('from the network');
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('passes a failed prefetch on as the failure, without sending it again', async () => {
    const network = vi.fn<typeof fetch>(async () => new Response('from the network'));
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    prefetch(URL_A, failed);
    await expect(withPrefetched(network)(URL_A)).rejects.toThrow('Failed to fetch');
    expect(network).not.toHaveBeenCalled();
  });

  it('sends anything else: another address, another method, or no prefetch at all', async () => {
    const network = vi.fn<typeof fetch>(async () => new Response('from the network'));
    const fetchWith = withPrefetched(network);
    await fetchWith(URL_A);
    prefetch(URL_A, Promise.resolve(new Response('prefetched')));
    await fetchWith(`${URL_A}0`);
    expect(await (await fetchWith(URL_A, { method: 'POST' })).text()).toBe('from the network');
    expect(network).toHaveBeenCalledTimes(3);
  });
});
