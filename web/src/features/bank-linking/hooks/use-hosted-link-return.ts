// The return from hosted link (spec §4; the backend's completion URL is /link?hosted=complete): reads
// the outcome from the query; on success the server finishes the session from its link token (as
// Plaid documents: /link/token/get lists the session's public tokens), then the accounts are re-read
// and the user sent back where they started (or the popup closed, whose opener is watching). If the
// session isn't finished yet, the SESSION_FINISHED webhook will finish it, and the user is told the
// accounts should appear shortly.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { connectionFailures, connectionToasts } from '@domain/account-connection-messages.ts';
import { paths } from '../../../config/paths.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { SETUP } from '../../../lib/constants.ts';
import {
  completeNewConnection,
  completeReconnection,
  connectToast,
  refreshAccountData,
} from '../utils/complete-connection.ts';
import {
  clearHostedLinkSession,
  parseHostedLinkReturn,
  readHostedLinkSession,
  saveHostedLinkSession,
  type HostedLinkSession,
} from '../utils/hosted-link.ts';
import { postConnectPath } from '../utils/post-connect.ts';
import { completeHostedLink } from '../api/link-token.ts';

/** Link sessions already processed in this page (StrictMode mounts effects twice in development). */
const processed = new Set<string>();

export function useHostedLinkReturn(): { processing: boolean } {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { profile } = useActiveProfile();
  const [processing, setProcessing] = useState(false);
  const outcome = parseHostedLinkReturn(search);
  const key = outcome ? `${outcome.status}:${outcome.linkSessionId ?? search.toString()}` : null;
  const activeProfileId = profile?.id ?? null;
  const started = useRef(false);

  useEffect(() => {
    if (!outcome || !key || started.current || processed.has(key)) return;
    const session = readHostedLinkSession(window.localStorage);
    const profileId = session?.profileId ?? activeProfileId;
    if (!profileId) return; // wait for the active profile
    started.current = true;
    processed.add(key);
    const inPopup = window.opener !== null && window.opener !== window;
    const settle = (result: HostedLinkSession['outcome']) => {
      if (session && inPopup) saveHostedLinkSession(window.localStorage, { ...session, outcome: result });
      else clearHostedLinkSession(window.localStorage);
    };
    const leave = (connected: boolean) => {
      if (inPopup) {
        window.close();
        return;
      }
      const to =
        connected && session?.origin === 'get-started'
          ? postConnectPath()
          : connected && session?.origin === 'accounts'
            ? paths.app.accounts.getHref()
            : paths.app.link.getHref();
      setTimeout(() => navigate(to, { replace: true }), connected ? SETUP.successDelayMs : 0);
    };

    void (async () => {
      setProcessing(true);
      try {
        if (outcome.status === 'exited') {
          // spec §4: an exit with an error gives a failure toast; without one it is silent.
          if (outcome.errorCode) connectToast.error(connectionFailures.linkExit);
          settle('exited');
          leave(false);
          return;
        }
        connectToast.info(connectionToasts.refreshing);
        if (session?.mode === 'update' && session.itemId) {
          const ok = await completeReconnection({ queryClient, itemId: session.itemId });
          settle(ok ? 'reconnected' : 'failed');
          leave(ok);
          return;
        }
        const completion = session?.linkToken ? await completeHostedLink(session.linkToken) : null;
        if (!completion || completion.status === 'pending') {
          await refreshAccountData(queryClient);
          connectToast.info(connectionToasts.mayAppearShortly);
          settle('connected');
          leave(true);
          return;
        }
        const connection = await completeNewConnection({
          queryClient,
          connection: {
            exchanged: {
              accounts_count: completion.accounts_count,
              account_ids: completion.account_ids,
              item_id: completion.item_ids[0] ?? '',
            },
          },
          profileId,
        });
        settle(connection ? 'connected' : 'failed');
        leave(connection !== null);
      } catch (error) {
        console.error('hosted link completion failed', error);
        connectToast.error(connectionFailures.unexpected);
        settle('failed');
        leave(false);
      } finally {
        setProcessing(false);
      }
    })();
  }, [outcome, key, activeProfileId, navigate, queryClient]);

  return { processing: processing || (key !== null && !processed.has(key)) };
}
