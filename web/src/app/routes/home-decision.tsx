// spec §2 Home logic for a signed-in user at '/': the loading screen with the four home tips (rotating
// every 4 s) while the profile record and the active profile's accounts are read, then one redirect
// (lib/home-logic.ts). When both are already in the cache (a start or a sign-in read them first), it
// decides at once and the loading screen never shows. Loaded only for signed-in visitors, so the landing page does not carry it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingScreen, useMinimumDisplay } from '../../components/ui/loading-screen.tsx';
import { accountsQueryOptions } from '../../lib/accounts-api.ts';
import { useActiveProfile } from '../../lib/active-profile-provider.tsx';
import { LOADING_SCREEN } from '../../lib/constants.ts';
import { decideHome, homeLoadingTips, type HomeDecision } from '../../lib/home-logic.ts';
import { getProfileQueryOptions, patchProfile, profileQueryKey } from '../../lib/user-profile-api.ts';

/**
 * How fresh the person's record and accounts must be for the home logic to decide by them: what a start
 * or a sign-in has just read into the cache (app/sign-in-start.ts, lib/signed-in-start.ts) is used as it
 * is, anything older is read again.
 */
const HOME_FRESH_MS = 10_000;

export default function HomeDecisionScreen() {
  const queryClient = useQueryClient();
  const active = useActiveProfile();
  const profile = useQuery({ ...getProfileQueryOptions(), staleTime: HOME_FRESH_MS });
  const profileId = active.profile?.id ?? null;
  const accounts = useQuery({
    ...accountsQueryOptions(profileId ?? ''),
    enabled: profileId !== null,
    staleTime: HOME_FRESH_MS,
  });
  const [decision, setDecision] = useState<HomeDecision | null>(null);
  // What the checks decide as things stand (null: still reading). A read that failed before this screen
  // (a start's or a sign-in's, which do not retry) is asked again on mount: it has failed once that ends.
  const failed = (query: { isError: boolean; isFetching: boolean }) => query.isError && !query.isFetching;
  const ready: HomeDecision | null =
    active.status === 'error' || failed(profile) || failed(accounts)
      ? decideHome({ ok: false })
      : active.status !== 'ready' || !profile.data || (profileId !== null && !accounts.data)
        ? null
        : decideHome({
            ok: true,
            activeAccounts: (accounts.data ?? []).filter((account) => account.is_active).length,
            onboardingCompleted: profile.data.onboarding_completed,
          });
  // Decided at the first render (everything was in the cache): the loading screen never shows, so
  // spec §9's minimum time on screen has nothing to keep up.
  const [decidedAtOnce] = useState(ready !== null);

  useEffect(() => {
    if (decision || !ready) return;
    if (ready.completeOnboarding) {
      // spec §4 Onboarding flag: fixed automatically; a failure is logged and does not hold the user.
      patchProfile({ onboarding_completed: true })
        .then((saved) => queryClient.setQueryData(profileQueryKey, saved))
        .catch((error: unknown) => console.error('fixing the onboarding flag failed', error));
    }
    setDecision(ready);
  }, [decision, ready, queryClient]);

  const showLoading = useMinimumDisplay(decision !== null);
  if (decidedAtOnce && ready) return <Navigate to={ready.to} replace />;
  if (!showLoading && decision) return <Navigate to={decision.to} replace />;
  return <LoadingScreen tips={homeLoadingTips} rotateMs={LOADING_SCREEN.homeTipRotationMs} />;
}
