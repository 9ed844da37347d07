import { describe, expect, it } from 'vitest';
import { signOutLocalThenGlobal, type SignOutFn } from './sign-out.ts';

function recorder(failures: { local?: boolean; global?: boolean }) {
  const calls: string[] = [];
  const signOut: SignOutFn = async (input) => {
    const scope = input?.global ? 'global' : 'local';
    calls.push(scope);
    if (failures[scope]) throw new Error(`${scope} failed`);
  };
  return { calls, signOut };
}

describe('signOutLocalThenGlobal (spec §4 Logout)', () => {
  it('signs out locally when that works', async () => {
    const { calls, signOut } = recorder({});
    await expect(signOutLocalThenGlobal(signOut)).resolves.toEqual({ ok: true, scope: 'local' });
    expect(calls).toEqual(['local']);
  });

  it('falls back to a global sign-out when the local one fails', async () => {
    const { calls, signOut } = recorder({ local: true });
    await expect(signOutLocalThenGlobal(signOut)).resolves.toEqual({ ok: true, scope: 'global' });
    expect(calls).toEqual(['local', 'global']);
  });

  it('reports failure with both causes when neither works', async () => {
    const { signOut } = recorder({ local: true, global: true });
    const result = await signOutLocalThenGlobal(signOut);
    expect(result.ok).toBe(false);
    expect((result.error as AggregateError).errors.map((e: Error) => e.message)).toEqual([
      'local failed',
      'global failed',
    ]);
  });
});
