import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSessionEnded, expectSessionEnd, onSessionEnded } from './session-ended.ts';

describe('session ended', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tells each listener, except while this browser is ending its own sessions', () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    let heard = 0;
    const stop = onSessionEnded(() => {
      heard += 1;
    });
    announceSessionEnded();
    expect(heard).toBe(1);
    expectSessionEnd(10_000);
    announceSessionEnded();
    expect(heard).toBe(1);
    vi.advanceTimersByTime(10_001);
    announceSessionEnded();
    expect(heard).toBe(2);
    stop();
    announceSessionEnded();
    expect(heard).toBe(2);
  });
});
