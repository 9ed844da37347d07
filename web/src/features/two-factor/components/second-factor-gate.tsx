// The second half of the auth guard: a signed-in user with two-factor authentication
// on whose sign-in has not passed its second factor sees nothing of the app until it does. A trusted
// browser passes at once (its device token); otherwise the code step (/two-factor). The server refuses
// such a sign-in's calls anyway (403 two_factor_required); this keeps the screens from showing errors.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../../lib/auth.tsx';
import { resetQueriesRefusedForSecondFactor } from '../../../lib/two-factor-status.ts';
import {
  readDeviceToken,
  readSecondFactorSession,
  SECOND_FACTOR_REQUIRED_EVENT,
} from '../../../lib/second-factor-store.ts';
import { checkTrustedDevice, twoFactorKeys, twoFactorStatusQuery } from '../api/two-factor-api.ts';

export function SecondFactorGate({ children }: { children: ReactNode }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const location = useLocation();
  const status = useQuery(twoFactorStatusQuery(user.userId));
  const [deviceCheck, setDeviceCheck] = useState<'idle' | 'checking' | 'done'>('idle');

  // A refusal anywhere (a session revoked, expired or from another user) re-asks the server.
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status(user.userId) });
    window.addEventListener(SECOND_FACTOR_REQUIRED_EVENT, recheck);
    return () => window.removeEventListener(SECOND_FACTOR_REQUIRED_EVENT, recheck);
  }, [queryClient, user.userId]);

  const needsFactor = status.data?.enabled === true && !status.data.session_verified;
  const stored = readSecondFactorSession();
  const deviceToken = readDeviceToken(user.userId);

  useEffect(() => {
    if (!needsFactor || deviceCheck !== 'idle') return;
    if (!deviceToken) {
      setDeviceCheck('done');
      return;
    }
    setDeviceCheck('checking');
    checkTrustedDevice(user.userId, deviceToken)
      .then(async (trusted) => {
        if (!trusted) return;
        await queryClient.invalidateQueries({ queryKey: twoFactorKeys.status(user.userId) });
        void resetQueriesRefusedForSecondFactor(queryClient);
      })
      .catch(() => undefined)
      .finally(() => setDeviceCheck('done'));
  }, [needsFactor, deviceCheck, deviceToken, queryClient, user.userId]);

  if (status.isPending) return <FullPageSpinner />;
  // The status could not be read: let the screens load; the server still refuses what it must.
  if (status.isError || !needsFactor) return children;
  if (deviceCheck !== 'done' || (stored?.userId === user.userId && status.isFetching))
    return <FullPageSpinner />;
  return (
    <Navigate
      to={paths.auth.twoFactor.getHref()}
      replace
      state={{ from: `${location.pathname}${location.search}` }}
    />
  );
}
