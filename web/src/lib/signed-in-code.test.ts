import { afterEach, describe, expect, it, vi } from 'vitest';

const env = vi.hoisted(() => ({
  storedSession: false,
  authEventListeners: [] as Array<(event: string) => void>,
}));

vi.mock('./amplify-loader.ts', () => ({
  mayHoldSession: () => env.storedSession,
  onAuthEvent: (listener: (event: string) => void) => {
    env.authEventListeners.push(listener);
    return () => undefined;
  },
}));

const { signedInCode } = await import('./signed-in-code.ts');

const inBrowser = () => vi.stubGlobal('window', {});
afterEach(() => {
  vi.unstubAllGlobals();
  env.storedSession = false;
  env.authEventListeners = [];
});

describe('signedInCode (signed-in logic on demand)', () => {
  it('with a stored session, starts the download at once, before anything renders', () => {
    inBrowser();
    env.storedSession = true;
    const importer = vi.fn(async () => ({ ok: true }));
    signedInCode(importer);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('with none, waits for the sign-in event; other auth events do not start it', async () => {
    inBrowser();
    const importer = vi.fn(async () => ({ ok: true }));
    const code = signedInCode(importer);
    expect(importer).not.toHaveBeenCalled();
    env.authEventListeners.forEach((listener) => listener('signedOut'));
    env.authEventListeners.forEach((listener) => listener('tokenRefresh_failure'));
    expect(importer).not.toHaveBeenCalled();
    env.authEventListeners.forEach((listener) => listener('signedIn'));
    expect(importer).toHaveBeenCalledTimes(1);
    await expect(code.load()).resolves.toEqual({ ok: true });
    expect(code.loaded()).toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('outside a browser (the start views prerendered at build time) starts nothing', () => {
    env.storedSession = true;
    const importer = vi.fn(async () => ({ ok: true }));
    signedInCode(importer);
    expect(importer).not.toHaveBeenCalled();
    expect(env.authEventListeners).toHaveLength(0);
  });

  it('loads once, and tries a failed download again on the next call', async () => {
    const importer = vi
      .fn<() => Promise<{ ok: boolean }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ ok: true });
    const code = signedInCode(importer, false);
    await expect(code.load()).rejects.toThrow('Failed to fetch');
    expect(code.loaded()).toBeNull();
    const [first, second] = [code.load(), code.load()];
    expect(first).toBe(second);
    await expect(first).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
