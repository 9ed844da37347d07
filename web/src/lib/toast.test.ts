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

describe('momentToast', () => {
  it('shows each step of a moment as a new toast in place of the last, keeping its second line when asked', async () => {
    const { momentToast, TOAST_MOMENTS } = await import('./toast.ts');
    sonner.calls.length = 0;
    const connected = momentToast(TOAST_MOMENTS.newConnection, 'success', 'Connected 3 account(s)!', {
      description: 'Trial Started! Your 7-day free trial has begun.',
    });
    const synced = momentToast(TOAST_MOMENTS.newConnection, 'success', 'Accounts Connected Successfully!', {
      keepDescription: true,
    });
    momentToast(TOAST_MOMENTS.newConnection, 'success', 'Your money plan is ready');
    momentToast(TOAST_MOMENTS.signIn, 'success', 'Welcome back!');
    await vi.waitFor(() => expect(sonner.calls).toHaveLength(6));
    expect(synced).not.toBe(connected);
    expect(sonner.calls).toEqual([
      [
        'success',
        'Connected 3 account(s)!',
        { description: 'Trial Started! Your 7-day free trial has begun.', id: connected },
      ],
      ['dismiss', connected],
      [
        'success',
        'Accounts Connected Successfully!',
        { description: 'Trial Started! Your 7-day free trial has begun.', id: synced },
      ],
      ['dismiss', synced],
      ['success', 'Your money plan is ready', { id: expect.any(String) }],
      // Another moment leaves this one's toast alone.
      ['success', 'Welcome back!', { id: expect.any(String) }],
    ]);
  });
});
