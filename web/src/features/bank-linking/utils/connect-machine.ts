// The connect flow of spec §4 as a pure state machine: idle → requesting link token → link widget
// open → success callback (once per link session) → token exchange → linking each new account to
// the profile → sync and refresh → success. Reconnect (update mode) skips the exchange and the
// linking: success goes straight to the sync. Exit returns to idle; so does any failure.

export type ConnectMode = 'new' | 'update';

export type ConnectPhase =
  'idle' | 'requesting_token' | 'open' | 'redirecting' | 'exchanging' | 'linking' | 'syncing' | 'success';

export interface ConnectState {
  phase: ConnectPhase;
  mode: ConnectMode;
  /** The bank being reconnected (update mode). */
  itemId: string | null;
  /** Counts link sessions, so a callback of an older session is recognised and ignored. */
  session: number;
  /** spec §4: the success callback runs once per link session. */
  successHandled: boolean;
  accountsCount: number | null;
}

export type ConnectEvent =
  | { type: 'start'; mode: ConnectMode; itemId?: string | null }
  | { type: 'opened' }
  | { type: 'redirecting' }
  | { type: 'success' }
  | { type: 'exit' }
  | { type: 'exchanged'; accountsCount: number }
  | { type: 'linked' }
  | { type: 'done' }
  | { type: 'failed' }
  | { type: 'reset' };

export const initialConnectState: ConnectState = {
  phase: 'idle',
  mode: 'new',
  itemId: null,
  session: 0,
  successHandled: false,
  accountsCount: null,
};

const PROCESSING: ReadonlySet<ConnectPhase> = new Set([
  'requesting_token',
  'open',
  'redirecting',
  'exchanging',
  'linking',
  'syncing',
]);

/** spec §5: the connect button is disabled while processing; repeat clicks are ignored. */
export const isProcessing = (state: Pick<ConnectState, 'phase'>) => PROCESSING.has(state.phase);

/** Whether a success callback of `session` is the first of an open link session. */
export const acceptsSuccess = (state: ConnectState, session: number) =>
  state.session === session && state.phase === 'open' && !state.successHandled;

export function connectReducer(state: ConnectState, event: ConnectEvent): ConnectState {
  switch (event.type) {
    case 'start':
      if (isProcessing(state)) return state;
      return {
        phase: 'requesting_token',
        mode: event.mode,
        itemId: event.itemId ?? null,
        session: state.session + 1,
        successHandled: false,
        accountsCount: null,
      };
    case 'opened':
      return state.phase === 'requesting_token' ? { ...state, phase: 'open' } : state;
    case 'redirecting':
      return state.phase === 'requesting_token' ? { ...state, phase: 'redirecting' } : state;
    case 'success':
      if (state.phase !== 'open' || state.successHandled) return state;
      return { ...state, successHandled: true, phase: state.mode === 'update' ? 'syncing' : 'exchanging' };
    case 'exit':
      return state.phase === 'open' && !state.successHandled ? { ...state, phase: 'idle' } : state;
    case 'exchanged':
      return state.phase === 'exchanging'
        ? { ...state, phase: 'linking', accountsCount: event.accountsCount }
        : state;
    case 'linked':
      return state.phase === 'linking' ? { ...state, phase: 'syncing' } : state;
    case 'done':
      return state.phase === 'syncing' ? { ...state, phase: 'success' } : state;
    case 'failed':
      return isProcessing(state) ? { ...state, phase: 'idle' } : state;
    case 'reset':
      return isProcessing(state) ? state : { ...state, phase: 'idle' };
  }
}
