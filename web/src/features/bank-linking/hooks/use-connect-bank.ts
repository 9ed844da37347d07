// The connect flow of spec §4, driving the state machine of utils/connect-machine.ts:
// - desktop (the default): Plaid Link in the page (Plaid.create from the configured script);
// - under 768 px (spec §2 mobile): hosted link as a full-page redirect, back at /link?hosted=complete;
// - desktop when the Link script cannot load (a blocker, a CDN outage): hosted link in a 600x700 popup
//   polled every 1 s for close, given up after 10 min (spec §9); a blocked popup falls back to the
//   full-page redirect.
// Success runs once per link session: exchange → link accounts → refresh (new), or a sync (update).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { connectionFailures, connectionToasts } from '@domain/account-connection-messages.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { MOBILE_BREAKPOINT_PX } from '../../../lib/constants.ts';
import { createHostedLink, createLinkToken, type ConsentProduct } from '../api/link-token.ts';
import {
  completeNewConnection,
  completeReconnection,
  connectToast,
  refreshAccountData,
  type NewConnection,
} from '../utils/complete-connection.ts';
import {
  acceptsSuccess,
  connectReducer,
  initialConnectState,
  isProcessing,
  type ConnectEvent,
  type ConnectMode,
  type ConnectState,
} from '../utils/connect-machine.ts';
import {
  clearHostedLinkSession,
  popupFeatures,
  readHostedLinkSession,
  saveHostedLinkSession,
  watchPopup,
  type HostedLinkOrigin,
} from '../utils/hosted-link.ts';
import { loadPlaidLink, type PlaidLinkError, type PlaidLinkHandler } from '../utils/plaid-link-script.ts';

export type ConnectOutcome =
  ({ mode: 'new' } & NewConnection) | { mode: 'update'; itemId: string } | { mode: 'hosted' };

const INVALID_REDIRECT = 'INVALID_REDIRECT_URI';

const isInvalidRedirect = (error: unknown) =>
  (error instanceof ApiError &&
    (error.code === INVALID_REDIRECT || error.message.includes(INVALID_REDIRECT))) ||
  (error instanceof Error && error.message.includes(INVALID_REDIRECT));

export const isMobileViewport = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`).matches;

/** spec §8: the link-token failure toast, for a new connection or a reconnection. */
function linkTokenFailure(mode: ConnectMode, error: unknown): string {
  if (isInvalidRedirect(error)) return connectionFailures.invalidRedirect;
  return mode === 'update' ? connectionFailures.reconnectLinkToken : connectionFailures.linkToken;
}

export function useConnectBank({
  origin,
  onConnected,
}: {
  origin: HostedLinkOrigin;
  onConnected?: (outcome: ConnectOutcome) => void;
}) {
  const queryClient = useQueryClient();
  const { profile } = useActiveProfile();
  const profileId = profile?.id ?? null;
  const [state, setState] = useState<ConnectState>(initialConnectState);
  const stateRef = useRef<ConnectState>(initialConnectState);
  const handlerRef = useRef<PlaidLinkHandler | null>(null);
  const stopPopupWatch = useRef<(() => void) | null>(null);
  const onConnectedRef = useRef(onConnected);
  useEffect(() => {
    onConnectedRef.current = onConnected;
  }, [onConnected]);

  // Guards read the latest state synchronously (Plaid's callbacks arrive outside React's render).
  const send = useCallback((event: ConnectEvent) => {
    stateRef.current = connectReducer(stateRef.current, event);
    setState(stateRef.current);
    return stateRef.current;
  }, []);

  useEffect(
    () => () => {
      handlerRef.current?.destroy();
      stopPopupWatch.current?.();
    },
    [],
  );

  const finish = useCallback(
    (outcome: ConnectOutcome) => {
      send({ type: 'done' });
      onConnectedRef.current?.(outcome);
    },
    [send],
  );

  const handleSuccess = useCallback(
    async (session: number, publicToken: string, forProfile: string) => {
      if (!acceptsSuccess(stateRef.current, session)) return;
      const { mode, itemId } = send({ type: 'success' });
      handlerRef.current?.destroy();
      handlerRef.current = null;
      try {
        if (mode === 'update' && itemId) {
          if (await completeReconnection({ queryClient, itemId })) finish({ mode: 'update', itemId });
          else send({ type: 'failed' });
          return;
        }
        const connection = await completeNewConnection({
          queryClient,
          connection: { publicToken },
          profileId: forProfile,
          onExchanged: (accountsCount) => send({ type: 'exchanged', accountsCount }),
          onLinked: () => send({ type: 'linked' }),
        });
        if (connection) finish({ mode: 'new', ...connection });
        else send({ type: 'failed' });
      } catch (error) {
        console.error('connect flow failed after Link success', error);
        connectToast.error(connectionFailures.unexpected);
        send({ type: 'failed' });
      }
    },
    [finish, queryClient, send],
  );

  const handleExit = useCallback(
    (session: number, error: PlaidLinkError | null) => {
      if (stateRef.current.session !== session) return;
      handlerRef.current?.destroy();
      handlerRef.current = null;
      send({ type: 'exit' });
      // spec §4: an exit with an error gives a failure toast; an exit without one is silent.
      if (error) {
        console.warn('Plaid Link exited with an error', error.error_code);
        connectToast.error(
          error.error_code === INVALID_REDIRECT
            ? connectionFailures.invalidRedirect
            : connectionFailures.linkExit,
        );
      }
    },
    [send],
  );

  /** Hosted link: a full-page redirect, or a popup (desktop without the Link script). */
  const startHostedLink = useCallback(
    async (
      mode: ConnectMode,
      itemId: string | null,
      forProfile: string,
      via: 'redirect' | 'popup',
      consent: ConsentProduct | null = null,
    ) => {
      let hosted;
      try {
        hosted = await createHostedLink({ mode, itemId, consent }, forProfile);
      } catch (error) {
        console.error('plaid-hosted-link failed', error);
        connectToast.error(via === 'popup' ? connectionFailures.initialize : linkTokenFailure(mode, error));
        send({ type: 'failed' });
        return;
      }
      saveHostedLinkSession(window.localStorage, {
        mode,
        itemId,
        linkToken: hosted.link_token,
        profileId: forProfile,
        origin,
        startedAt: Date.now(),
      });
      const popup =
        via === 'popup'
          ? window.open(
              hosted.hosted_link_url,
              'plaid-hosted-link',
              popupFeatures({
                x: window.screenX,
                y: window.screenY,
                width: window.outerWidth,
                height: window.outerHeight,
              }),
            )
          : null;
      if (!popup) {
        send({ type: 'redirecting' });
        window.location.assign(hosted.hosted_link_url);
        return;
      }
      send({ type: 'opened' });
      stopPopupWatch.current = watchPopup(popup, {
        onClosed: () => {
          stopPopupWatch.current = null;
          // The popup's own /link page processed the outcome and noted it in the session.
          const outcome = readHostedLinkSession(window.localStorage)?.outcome;
          clearHostedLinkSession(window.localStorage);
          void refreshAccountData(queryClient);
          send({ type: 'exit' });
          if (outcome === 'connected' || outcome === 'reconnected')
            onConnectedRef.current?.({ mode: 'hosted' });
          else if (!outcome) connectToast.info(connectionToasts.mayAppearShortly);
        },
        onGiveUp: () => {
          stopPopupWatch.current = null;
          send({ type: 'exit' });
        },
      });
    },
    [origin, queryClient, send],
  );

  const connect = useCallback(
    async (
      mode: ConnectMode = 'new',
      itemId: string | null = null,
      consent: ConsentProduct | null = null,
    ) => {
      if (isProcessing(stateRef.current) || !profileId) return;
      if (mode === 'update' && !itemId) return;
      const { session } = send({ type: 'start', mode, itemId });

      if (isMobileViewport()) {
        await startHostedLink(mode, itemId, profileId, 'redirect', consent);
        return;
      }

      let token: string;
      try {
        token = (await createLinkToken({ mode, itemId, consent })).link_token;
      } catch (error) {
        console.error('plaid-link-token failed', error);
        connectToast.error(linkTokenFailure(mode, error));
        send({ type: 'failed' });
        return;
      }

      let plaid;
      try {
        plaid = await loadPlaidLink();
      } catch (error) {
        console.warn('Plaid Link script unavailable; using hosted link in a popup', error);
        await startHostedLink(mode, itemId, profileId, 'popup', consent);
        return;
      }

      try {
        handlerRef.current?.destroy();
        const handler = plaid.create({
          token,
          onSuccess: (publicToken) => void handleSuccess(session, publicToken, profileId),
          onExit: (error) => handleExit(session, error),
        });
        handlerRef.current = handler;
        send({ type: 'opened' });
        handler.open();
      } catch (error) {
        console.error('Plaid.create failed', error);
        handlerRef.current = null;
        connectToast.error(connectionFailures.initialize);
        send({ type: 'failed' });
      }
    },
    [handleExit, handleSuccess, profileId, send, startHostedLink],
  );

  return { state, connect, isProcessing: isProcessing(state) };
}
