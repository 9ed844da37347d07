// spec §4 Safety net on /accounts: once the page is ready and more than 10 s have passed, if the
// profile has an active account but not one transaction, trigger the full sync pipeline, once per
// profile per page load (the rule is utils/safety-net.ts).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { accountDataAreas, triggerFullSyncPipeline } from '../../../lib/accounts-api.ts';
import { SETUP } from '../../../lib/constants.ts';
import { transactionsQueryOptions } from '../api/get-transactions.ts';
import { shouldTriggerSafetyNet } from '../utils/safety-net.ts';

const triggered = new Set<string>();

export function useSafetyNet(profileId: string | null, activeAccounts: number | null) {
  const queryClient = useQueryClient();
  const [mountedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const pageReady = profileId !== null && activeAccounts !== null;
  const elapsedMs = now - mountedAt;
  const alreadyTriggered = profileId !== null && triggered.has(profileId);
  const waiting = pageReady && (activeAccounts ?? 0) > 0 && !alreadyTriggered;

  useEffect(() => {
    if (!waiting || elapsedMs > SETUP.safetyNetAfterMs) return;
    const id = setTimeout(() => setNow(Date.now()), SETUP.safetyNetAfterMs - elapsedMs + 50);
    return () => clearTimeout(id);
  }, [waiting, elapsedMs]);

  // spec §7 "transactions (limit 1)": is there any transaction at all?
  const probe = useQuery({
    ...transactionsQueryOptions(profileId ?? '', { limit: 1, firstPageOnly: true }),
    enabled: waiting && elapsedMs > SETUP.safetyNetAfterMs,
  });

  const due = shouldTriggerSafetyNet({
    pageReady,
    elapsedMs,
    activeAccounts: activeAccounts ?? 0,
    transactionCount: probe.data ? probe.data.length : null,
    alreadyTriggered,
  });
  useEffect(() => {
    if (!due || !profileId || triggered.has(profileId)) return;
    triggered.add(profileId);
    triggerFullSyncPipeline(profileId)
      .then(() =>
        Promise.all(accountDataAreas.map((area) => queryClient.invalidateQueries({ queryKey: [area] }))),
      )
      .catch((error: unknown) => console.warn('safety-net sync failed', error));
  }, [due, profileId, queryClient]);
}
