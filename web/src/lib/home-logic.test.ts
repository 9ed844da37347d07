import { describe, expect, it } from 'vitest';
import { decideHome } from './home-logic.ts';

describe('home logic (spec §2)', () => {
  it('sends someone with accounts to /accounts and fixes an incomplete onboarding flag', () => {
    expect(decideHome({ ok: true, activeAccounts: 2, onboardingCompleted: false })).toEqual({
      to: '/accounts',
      completeOnboarding: true,
    });
    expect(decideHome({ ok: true, activeAccounts: 1, onboardingCompleted: true })).toEqual({
      to: '/accounts',
      completeOnboarding: false,
    });
  });

  it('sends someone without accounts to /get-started, or to /link once onboarding is complete', () => {
    expect(decideHome({ ok: true, activeAccounts: 0, onboardingCompleted: false }).to).toBe('/get-started');
    expect(decideHome({ ok: true, activeAccounts: 0, onboardingCompleted: true }).to).toBe('/link');
  });

  it('sends everyone to /accounts when a check fails', () => {
    expect(decideHome({ ok: false })).toEqual({ to: '/accounts', completeOnboarding: false });
  });
});
