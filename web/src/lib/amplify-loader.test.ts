import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig, type AppConfig } from '../config/app-config.ts';

// Amplify's module as the loader sees it: configuration, the Hub's auth events and one auth function.
const fake = vi.hoisted(() => {
  let hub: ((event: string) => void) | null = null;
  return {
    configureAmplify: vi.fn(),
    listenAuth: vi.fn((listener: (event: string) => void) => {
      hub = listener;
      return () => undefined;
    }),
    getCurrentUser: vi.fn(async () => ({ userId: 'user-1' })),
    emit: (event: string) => hub?.(event),
  };
});
const imports = vi.hoisted(() => ({ count: 0 }));
vi.mock('./amplify-code.ts', () => ({
  importAmplify: async () => {
    imports.count += 1;
    return fake;
  },
  preloadAmplify: () => undefined,
}));

const { loadAmplify, mayHoldSession, onAuthEvent } = await import('./amplify-loader.ts');

const config = { userPoolId: 'pool', userPoolClientId: 'client' } as AppConfig;

afterEach(() => vi.unstubAllGlobals());

describe('amplify-loader', () => {
  it('loads and configures Amplify once, from the runtime config, and tells listeners registered before', async () => {
    setAppConfig(config);
    const heard: string[] = [];
    const stop = onAuthEvent((event) => heard.push(event));
    expect(fake.configureAmplify).not.toHaveBeenCalled();

    const [first, second] = await Promise.all([loadAmplify(), loadAmplify()]);
    expect(first).toBe(second);
    expect(imports.count).toBe(1);
    expect(fake.configureAmplify).toHaveBeenCalledTimes(1);
    expect(fake.configureAmplify).toHaveBeenCalledWith(config);
    await expect(first.getCurrentUser()).resolves.toEqual({ userId: 'user-1' });

    fake.emit('signedIn');
    stop();
    fake.emit('signedOut');
    expect(heard).toEqual(['signedIn']);
  });

  it('may hold a session only when a Cognito token key is stored, or when storage cannot be read', () => {
    const storage = (keys: string[]) => ({
      length: keys.length,
      key: (index: number) => keys[index] ?? null,
    });
    vi.stubGlobal('window', { localStorage: storage(['theme']) });
    expect(mayHoldSession()).toBe(false);
    vi.stubGlobal('window', {
      localStorage: storage(['CognitoIdentityServiceProvider.client.ada.refreshToken']),
    });
    expect(mayHoldSession()).toBe(true);
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('denied');
      },
    });
    expect(mayHoldSession()).toBe(true);
  });
});
