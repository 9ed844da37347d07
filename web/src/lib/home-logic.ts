// spec §2 Home logic (/ when signed in): where a signed-in user goes, from their active connected
// accounts and the onboarding flag; and whether the flag must be fixed on the way (spec §4 Onboarding
// flag: set automatically when the user already has active accounts).
import { paths } from '../config/paths.ts';

export type HomeDecision = { to: string; completeOnboarding: boolean };

export function decideHome(
  input: { ok: true; activeAccounts: number; onboardingCompleted: boolean } | { ok: false },
): HomeDecision {
  // Any error in these checks: go to /accounts.
  if (!input.ok) return { to: paths.app.accounts.getHref(), completeOnboarding: false };
  if (input.activeAccounts > 0) {
    return { to: paths.app.accounts.getHref(), completeOnboarding: !input.onboardingCompleted };
  }
  return {
    to: input.onboardingCompleted ? paths.app.link.getHref() : paths.app.getStarted.getHref(),
    completeOnboarding: false,
  };
}

/** spec §2: the home loading screen's tips, rotating every 4 s. The lines under the titles are ours. */
export const homeLoadingTips = [
  {
    title: 'Building Your Money Plan',
    body: 'We line up your bills and paydays so you can see what is coming.',
  },
  { title: 'Smart Insights Coming', body: 'Your spending patterns turn into plain-language suggestions.' },
  {
    title: 'Goal Setting Made Simple',
    body: 'Pick a goal and watch your forecast show when you will reach it.',
  },
  {
    title: 'Your Security Matters',
    body: 'Read-only, encrypted connections. We never store bank passwords.',
  },
] as const;
