import { describe, expect, it } from 'vitest';
import { SETUP } from '../../../lib/constants.ts';
import {
  setupReadiness,
  shouldCreateDefaultProfile,
  showStillPreparing,
  type ReadinessInput,
} from './setup-readiness.ts';

const base: ReadinessInput = {
  elapsedMs: 0,
  profileStatus: 'loading',
  hasActiveProfile: false,
  ownsAProfile: false,
  anyAccountSyncing: null,
  creating: false,
  unexpectedFailure: false,
};

describe('initial-setup readiness (spec §4, §9 Setup)', () => {
  it('uses the spec numbers: poll 1 s, profile creation after 0.5 s, error after 10 s', () => {
    expect(SETUP).toMatchObject({ pollMs: 1000, createProfileAfterMs: 500, timeoutMs: 10_000, tickMs: 3000 });
  });

  it('is checking at first, and creating while the default profile is requested', () => {
    expect(setupReadiness(base)).toEqual({ state: 'checking', message: null });
    expect(setupReadiness({ ...base, elapsedMs: 600, creating: true }).state).toBe('creating');
  });

  it('is ready when the user owns a profile, whatever its accounts are doing', () => {
    expect(
      setupReadiness({
        ...base,
        profileStatus: 'ready',
        hasActiveProfile: true,
        ownsAProfile: true,
        anyAccountSyncing: true,
      }).state,
    ).toBe('ready');
  });

  it('is ready for a shared active profile only once no account is syncing', () => {
    const shared = { ...base, profileStatus: 'ready' as const, hasActiveProfile: true };
    expect(setupReadiness({ ...shared, anyAccountSyncing: true }).state).toBe('checking');
    expect(setupReadiness({ ...shared, anyAccountSyncing: null }).state).toBe('checking');
    expect(setupReadiness({ ...shared, anyAccountSyncing: false }).state).toBe('ready');
  });

  it('fails after 10 s, or at once on a failed check or an unexpected error, with the spec messages', () => {
    expect(setupReadiness({ ...base, elapsedMs: 9_999 }).state).toBe('checking');
    expect(setupReadiness({ ...base, elapsedMs: 10_000 })).toEqual({
      state: 'error',
      message: 'Profile setup is taking longer than expected',
    });
    expect(setupReadiness({ ...base, profileStatus: 'error' }).message).toBe(
      'Failed to check profile status',
    );
    expect(setupReadiness({ ...base, unexpectedFailure: true }).message).toBe(
      'Unexpected error during setup',
    );
  });

  it('asks for the default profile once, after 0.5 s without one', () => {
    const input = {
      elapsedMs: 499,
      profileStatus: 'loading' as const,
      hasActiveProfile: false,
      alreadyRequested: false,
    };
    expect(shouldCreateDefaultProfile(input)).toBe(false);
    expect(shouldCreateDefaultProfile({ ...input, elapsedMs: 500 })).toBe(true);
    expect(shouldCreateDefaultProfile({ ...input, elapsedMs: 500, alreadyRequested: true })).toBe(false);
    expect(shouldCreateDefaultProfile({ ...input, elapsedMs: 500, hasActiveProfile: true })).toBe(false);
  });

  it('says "Still preparing" after 5 s of waiting, never once ready', () => {
    expect(showStillPreparing('checking', 4_999)).toBe(false);
    expect(showStillPreparing('checking', 5_000)).toBe(true);
    expect(showStillPreparing('ready', 8_000)).toBe(false);
  });
});
