// spec §4 trial start after a checkout return: with `session_id` in the URL, start-trial is tried up to
// 3 times, 2 s apart, then `session_id` leaves the URL; 'Trial Started!' or 'Trial Setup Failed: …'
// (spec §8). The status is refreshed either way.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { trialMessages } from '@domain/subscription.ts';
import { startTrial } from '../api/subscription.ts';
import { useSubscription } from '../components/subscription-provider.tsx';
import { withTrialRetries } from '../utils/subscription-status.ts';

export function useCheckoutReturn(): void {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const { refresh } = useSubscription();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!sessionId || handled.current === sessionId) return;
    handled.current = sessionId;
    void (async () => {
      try {
        const result = await withTrialRetries(() => startTrial(sessionId));
        if (result.trial_started)
          toast.success(trialMessages.started.title, { description: trialMessages.started.description });
        else if (result.subscribed) toast.success('Subscription active. Thank you!');
      } catch {
        toast.error(trialMessages.failed);
      }
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('session_id');
          return next;
        },
        { replace: true },
      );
      await refresh({ force: true });
    })();
  }, [sessionId, setParams, refresh]);
}
