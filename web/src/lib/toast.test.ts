import { describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => {
  const calls: unknown[][] = [];
  const record =
    (kind: string) =>
    (...args: unknown[]) => {
      calls.push([kind, ...args]);
      return args[1] && typeof args[1] === 'object' ? (args[1] as { id?: unknown }).id : undefined;
    };
  const toast = Object.assign(record('default'), {
    success: record('success'),
    error: record('error'),
    info: record('info'),
    loading: record('loading'),
    dismiss: record('dismiss'),
  });
  return { calls, toast };
});
vi.mock('sonner', () => ({ toast: sonner.toast }));

const { onToastRequested, toast } = await import('./toast.ts');

describe('toast', () => {
  it('returns an id at once and hands every call to sonner in order, with that id', async () => {
    const requested = vi.fn();
    onToastRequested(requested);
    const id = toast.loading('Signing out...');
    toast.success('Signed out successfully', { id });
    const own = toast.error('Nope', { id: 'session-ended' });
    toast('New version available', { duration: 10_000 });
    toast.dismiss(id);
    expect(own).toBe('session-ended');
    expect(requested).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(sonner.calls).toHaveLength(5));
    expect(sonner.calls[0]).toEqual(['loading', 'Signing out...', { id }]);
    expect(sonner.calls[1]).toEqual(['success', 'Signed out successfully', { id }]);
    expect(sonner.calls[2]).toEqual(['error', 'Nope', { id: 'session-ended' }]);
    expect(sonner.calls[3]).toEqual([
      'default',
      'New version available',
      { duration: 10_000, id: expect.any(String) },
    ]);
    expect(sonner.calls[4]).toEqual(['dismiss', id]);
  });
});

describe('onToastRequested', () => {
  it('tells a listener added after the first toast at once', () => {
    const listener = vi.fn();
    onToastRequested(listener);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('journeyToast', () => {
  it('shows each step in place of the last, keeping its second line when asked', async () => {
    const { journeyToast } = await import('./toast.ts');
    sonner.calls.length = 0;
    const trial = 'Trial Started! Your 7-day free trial has begun.';
    const welcome = journeyToast('success', "Welcome to Tallywise! Let's get you set up.");
    const connected = journeyToast('success', 'Connected 3 account(s)!', {
      description: trial,
      duration: 4000,
    });
    journeyToast('success', 'Accounts Connected Successfully!', { keepDescription: true });
    journeyToast('success', 'Your money plan is ready');
    await vi.waitFor(() => expect(sonner.calls).toHaveLength(4));
    expect(connected).toBe(welcome);
    // Each step's duration is 1 ms apart from the last's: sonner restarts a toast's time only when its
    // duration changes, so each step is on screen for its whole time.
    expect(sonner.calls).toEqual([
      [
        'success',
        "Welcome to Tallywise! Let's get you set up.",
        { description: undefined, duration: 4000, id: welcome },
      ],
      ['success', 'Connected 3 account(s)!', { description: trial, duration: 4001, id: welcome }],
      // No description given: sonner keeps the one on screen.
      ['success', 'Accounts Connected Successfully!', { duration: 4000, id: welcome }],
      // The plan's line stands alone.
      ['success', 'Your money plan is ready', { description: undefined, duration: 4001, id: welcome }],
    ]);
  });
});
