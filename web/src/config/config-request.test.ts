import { describe, expect, it, vi } from 'vitest';

// configResponse keeps the page's one answer: each case loads a fresh copy of the module.
const fresh = async () => {
  vi.resetModules();
  return import('./config-request.ts');
};
const page = (text: string | null) => ({
  getElementById: (id: string) =>
    id === 'app-config' && text !== null ? ({ textContent: text } as HTMLElement) : null,
});

describe('the runtime config of the page', () => {
  it('is read from the page when the server put it there, without a request', async () => {
    const { configResponse } = await fresh();
    const fetchFn = vi.fn(async () => new Response('{"from":"network"}'));
    const doc = page('\n {"from":"page"} \n');
    expect(await (await configResponse(fetchFn, doc)).json()).toEqual({ from: 'page' });
    // Every reader gets its own copy of the same answer.
    expect(await (await configResponse(fetchFn, doc)).json()).toEqual({ from: 'page' });
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('is fetched once from /config.json when the block is missing or empty', async () => {
    for (const doc of [page(null), page('   ')]) {
      const { configResponse } = await fresh();
      const fetchFn = vi.fn(async () => new Response('{"from":"network"}'));
      expect(await (await configResponse(fetchFn, doc)).json()).toEqual({ from: 'network' });
      expect(await (await configResponse(fetchFn, doc)).json()).toEqual({ from: 'network' });
      expect(fetchFn).toHaveBeenCalledTimes(1);
      expect(fetchFn).toHaveBeenCalledWith('/config.json');
    }
  });
});
