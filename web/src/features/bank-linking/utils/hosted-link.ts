// Plaid's hosted link (spec §4): on mobile a full-page redirect, on desktop a 600x700 popup polled every
// 1 s for close and given up after 10 min (spec §9). The backend's completion URL is
// `${appUrl}/link?hosted=complete`; this module reads the outcome (success or exit) from its query, and
// the server finishes a successful session from its link token (Plaid's /link/token/get).
// What the browser must remember across the redirect (which mode, which bank, which profile, where
// the user started) is kept in local storage, which the popup shares with its opener.
import { HOSTED_LINK_POPUP } from '../../../lib/constants.ts';
import type { ConnectMode } from './connect-machine.ts';

/** Where a hosted session started: where the user goes back to when it completes. */
export type HostedLinkOrigin = 'get-started' | 'link' | 'accounts';

export interface HostedLinkSession {
  mode: ConnectMode;
  itemId: string | null;
  /** The session's link token: the server finishes the session with it. */
  linkToken: string | null;
  profileId: string;
  origin: HostedLinkOrigin;
  startedAt: number;
  /** Set by the page that processed the return: how it ended. */
  outcome?: 'connected' | 'reconnected' | 'exited' | 'failed';
}

const STORAGE_KEY = 'pendingHostedLink';
/** A hosted link token lives 4 h at most; a session older than that cannot complete. */
const SESSION_MAX_AGE_MS = 4 * 60 * 60 * 1000;

export function saveHostedLinkSession(storage: Storage, session: HostedLinkSession): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(session));
}

export function readHostedLinkSession(storage: Storage, now: number = Date.now()): HostedLinkSession | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as Partial<HostedLinkSession>;
    if (
      (session.mode !== 'new' && session.mode !== 'update') ||
      typeof session.profileId !== 'string' ||
      typeof session.startedAt !== 'number' ||
      now - session.startedAt > SESSION_MAX_AGE_MS
    ) {
      return null;
    }
    return {
      mode: session.mode,
      itemId: typeof session.itemId === 'string' ? session.itemId : null,
      linkToken: typeof session.linkToken === 'string' ? session.linkToken : null,
      profileId: session.profileId,
      origin: session.origin === 'get-started' || session.origin === 'accounts' ? session.origin : 'link',
      startedAt: session.startedAt,
      ...(session.outcome ? { outcome: session.outcome } : {}),
    };
  } catch {
    return null;
  }
}

export function clearHostedLinkSession(storage: Storage): void {
  storage.removeItem(STORAGE_KEY);
}

export type HostedLinkReturn =
  | { status: 'success'; publicToken: string | null; linkSessionId: string | null }
  | { status: 'exited'; errorCode: string | null; linkSessionId: string | null };

/**
 * Reads `/link?hosted=complete&status=…` (null for any other URL). The sandbox adds `public_token` to
 * a success for convenience; Plaid itself does not (docs/web.md "Hosted link").
 */
export function parseHostedLinkReturn(search: URLSearchParams): HostedLinkReturn | null {
  if (search.get('hosted') !== 'complete') return null;
  const linkSessionId = search.get('link_session_id') || null;
  if (search.get('status') === 'success') {
    return { status: 'success', publicToken: search.get('public_token') || null, linkSessionId };
  }
  return { status: 'exited', errorCode: search.get('error_code') || null, linkSessionId };
}

/** The popup's features: 600x700 (spec §9), centred on the opener's window. */
export function popupFeatures(screen: { x: number; y: number; width: number; height: number }): string {
  const { width, height } = HOSTED_LINK_POPUP;
  const left = Math.max(0, Math.round(screen.x + (screen.width - width) / 2));
  const top = Math.max(0, Math.round(screen.y + (screen.height - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Polls `popup.closed` every second (spec §9) and calls `onClosed` once it is; after 10 minutes it
 * stops polling and calls `onGiveUp`. Returns a function that stops watching.
 */
export function watchPopup(
  popup: { readonly closed: boolean },
  handlers: { onClosed: () => void; onGiveUp: () => void },
  timers: {
    setInterval: (fn: () => void, ms: number) => unknown;
    clearInterval: (id: unknown) => void;
    now: () => number;
  } = {
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
    now: () => Date.now(),
  },
): () => void {
  const started = timers.now();
  const id = timers.setInterval(() => {
    if (popup.closed) {
      timers.clearInterval(id);
      handlers.onClosed();
    } else if (timers.now() - started >= HOSTED_LINK_POPUP.giveUpAfterMs) {
      timers.clearInterval(id);
      handlers.onGiveUp();
    }
  }, HOSTED_LINK_POPUP.pollMs);
  return () => timers.clearInterval(id);
}
