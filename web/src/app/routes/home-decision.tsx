// spec §2 Home logic for a signed-in user at '/': the loading screen with the four home tips (rotating
// every 4 s) while the profile record and the active profile's accounts are read, then one redirect
// (lib/home-logic.ts). Loaded only for signed-in visitors, so the landing page does not carry it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingScreen, useMinimumDisplay } from '../../components/ui/loading-screen.tsx';
import { accountsQueryOptions } from '../../lib/accounts-api.ts';
import { useActiveProfile } from '../../lib/active-profile-provider.tsx';
import { LOADING_SCREEN } from '../../lib/constants.ts';
import { decideHome, homeLoadingTips, type HomeDecision } from '../../lib/home-logic.ts';
import { getProfileQueryOptions, patchProfile, profileQueryKey } from '../../lib/user-profile-api.ts';

export default function HomeDecisionScreen() {
  const queryClient = useQueryClient();
  const active = useActiveProfile();
  const profile = useQuery({ ...getProfileQueryOptions(), staleTime: 0 });
  const profileId = active.profile?.id ?? null;
  const accounts = useQuery({
    ...accountsQueryOptions(profileId ?? ''),
    enabled: profileId !== null,
    staleTime: 0,
  });
  const [decision, setDecision] = useState<HomeDecision | null>(null);

  useEffect(() => {
    if (decision) return;
    if (active.status === 'error' || profile.isError || accounts.isError) {
      setDecision(decideHome({ ok: false }));
      return;
    }
    if (active.status !== 'ready' || !profile.data) return;
    if (profileId !== null && !accounts.data) return;
    const next = decideHome({
      ok: true,
      activeAccounts: (accounts.data ?? []).filter((account) => account.is_active).length,
      onboardingCompleted: profile.data.onboarding_completed,
    });
    if (next.completeOnboarding) {
      // spec §4 Onboarding flag: fixed automatically; a failure is logged and does not hold the user.
      patchProfile({ onboarding_completed: true })
        .then((saved) => queryClient.setQueryData(profileQueryKey, saved))
        .catch((error: unknown) => console.error('fixing the onboarding flag failed', error));
    }
    setDecision(next);
  }, [
    decision,
    active.status,
    profile.data,
    profile.isError,
    accounts.data,
    accounts.isError,
    profileId,
    queryClient,
  ]);

  const showLoading = useMinimumDisplay(decision !== null);
  if (!showLoading && decision) return <Navigate to={decision.to} replace />;
  return <LoadingScreen tips={homeLoadingTips} rotateMs={LOADING_SCREEN.homeTipRotationMs} />;
}
