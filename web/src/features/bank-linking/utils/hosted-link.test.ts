import { describe, expect, it } from 'vitest';
import {
  clearHostedLinkSession,
  parseHostedLinkReturn,
  popupFeatures,
  readHostedLinkSession,
  saveHostedLinkSession,
  watchPopup,
} from './hosted-link.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('hosted link (spec §4, §9)', () => {
  it('reads the completion redirect: success with the sandbox public token, or an exit with its code', () => {
    expect(
      parseHostedLinkReturn(
        new URLSearchParams('hosted=complete&status=success&public_token=public-x&link_session_id=s1'),
      ),
    ).toEqual({ status: 'success', publicToken: 'public-x', linkSessionId: 's1' });
    expect(parseHostedLinkReturn(new URLSearchParams('hosted=complete&status=success'))).toEqual({
      status: 'success',
      publicToken: null,
      linkSessionId: null,
    });
    expect(
      parseHostedLinkReturn(new URLSearchParams('hosted=complete&status=exited&error_code=INSTITUTION_DOWN')),
    ).toEqual({ status: 'exited', errorCode: 'INSTITUTION_DOWN', linkSessionId: null });
    expect(parseHostedLinkReturn(new URLSearchParams('status=success&public_token=x'))).toBeNull();
  });

  it('remembers the session across the redirect, and forgets a stale one', () => {
    const storage = memoryStorage();
    const session = {
      mode: 'update' as const,
      itemId: 'item-1',
      linkToken: 'link-sandbox-1',
      profileId: 'p1',
      origin: 'accounts' as const,
      startedAt: 1_000,
    };
    saveHostedLinkSession(storage, session);
    expect(readHostedLinkSession(storage, 2_000)).toEqual(session);
    expect(readHostedLinkSession(storage, 1_000 + 5 * 60 * 60 * 1000)).toBeNull();
    clearHostedLinkSession(storage);
    expect(readHostedLinkSession(storage, 2_000)).toBeNull();
    storage.setItem('pendingHostedLink', '{not json');
    expect(readHostedLinkSession(storage, 2_000)).toBeNull();
  });

  it('opens a 600x700 popup centred on the window', () => {
    expect(popupFeatures({ x: 0, y: 0, width: 1400, height: 900 })).toBe(
      'popup=yes,width=600,height=700,left=400,top=100',
    );
  });

  it('polls the popup every second, reports its close once, and gives up after 10 minutes', () => {
    const timer: { tick: () => void; interval: number } = { tick: () => undefined, interval: 0 };
    let cleared = false;
    let now = 0;
    const timers = {
      setInterval: (fn: () => void, ms: number) => {
        timer.tick = fn;
        timer.interval = ms;
        return 1;
      },
      clearInterval: () => {
        cleared = true;
      },
      now: () => now,
    };
    const popup = { closed: false };
    const events: string[] = [];
    watchPopup(
      popup,
      { onClosed: () => events.push('closed'), onGiveUp: () => events.push('gave up') },
      timers,
    );
    expect(timer.interval).toBe(1000);
    now = 5_000;
    timer.tick();
    expect(events).toEqual([]);
    popup.closed = true;
    timer.tick();
    expect(events).toEqual(['closed']);
    expect(cleared).toBe(true);

    const stillOpen = { closed: false };
    const later: string[] = [];
    now = 0;
    watchPopup(
      stillOpen,
      { onClosed: () => later.push('closed'), onGiveUp: () => later.push('gave up') },
      timers,
    );
    now = 10 * 60 * 1000;
    timer.tick();
    expect(later).toEqual(['gave up']);
  });
});
