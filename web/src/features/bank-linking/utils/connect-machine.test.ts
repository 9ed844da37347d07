import { describe, expect, it } from 'vitest';
import {
  acceptsSuccess,
  connectReducer,
  initialConnectState,
  isProcessing,
  type ConnectEvent,
  type ConnectState,
} from './connect-machine.ts';

const run = (events: ConnectEvent[], from: ConnectState = initialConnectState) =>
  events.reduce(connectReducer, from);

describe('connect flow state machine (spec §4 Connect flow)', () => {
  it('walks a new connection from idle to success through exchange, linking and sync', () => {
    const phases: string[] = [];
    let state = initialConnectState;
    for (const event of [
      { type: 'start', mode: 'new' },
      { type: 'opened' },
      { type: 'success' },
      { type: 'exchanged', accountsCount: 7 },
      { type: 'linked' },
      { type: 'done' },
    ] as ConnectEvent[]) {
      state = connectReducer(state, event);
      phases.push(state.phase);
    }
    expect(phases).toEqual(['requesting_token', 'open', 'exchanging', 'linking', 'syncing', 'success']);
    expect(state.accountsCount).toBe(7);
    expect(isProcessing(state)).toBe(false);
  });

  it('reconnect (update mode) skips the exchange and goes straight to the sync', () => {
    const state = run([
      { type: 'start', mode: 'update', itemId: 'item-1' },
      { type: 'opened' },
      { type: 'success' },
    ]);
    expect(state).toMatchObject({ phase: 'syncing', mode: 'update', itemId: 'item-1' });
    expect(connectReducer(state, { type: 'exchanged', accountsCount: 1 }).phase).toBe('syncing');
    expect(connectReducer(state, { type: 'done' }).phase).toBe('success');
  });

  it('handles the success callback once per link session', () => {
    const open = run([{ type: 'start', mode: 'new' }, { type: 'opened' }]);
    expect(acceptsSuccess(open, open.session)).toBe(true);
    const once = connectReducer(open, { type: 'success' });
    expect(acceptsSuccess(once, open.session)).toBe(false);
    expect(connectReducer(once, { type: 'success' })).toBe(once);
    expect(acceptsSuccess(open, open.session - 1)).toBe(false);
  });

  it('ignores repeat clicks while processing, and starts a new session afterwards', () => {
    const requesting = run([{ type: 'start', mode: 'new' }]);
    expect(isProcessing(requesting)).toBe(true);
    expect(connectReducer(requesting, { type: 'start', mode: 'update', itemId: 'x' })).toBe(requesting);
    const again = run([{ type: 'failed' }, { type: 'start', mode: 'new' }], requesting);
    expect(again.session).toBe(requesting.session + 1);
  });

  it('returns to idle when Link exits, or on any failure', () => {
    expect(run([{ type: 'start', mode: 'new' }, { type: 'opened' }, { type: 'exit' }]).phase).toBe('idle');
    expect(run([{ type: 'start', mode: 'new' }, { type: 'failed' }]).phase).toBe('idle');
    const exchanging = run([{ type: 'start', mode: 'new' }, { type: 'opened' }, { type: 'success' }]);
    expect(connectReducer(exchanging, { type: 'exit' }).phase).toBe('exchanging');
    expect(connectReducer(exchanging, { type: 'failed' }).phase).toBe('idle');
  });

  it('moves to redirecting for a full-page hosted link', () => {
    const state = run([{ type: 'start', mode: 'new' }, { type: 'redirecting' }]);
    expect(state.phase).toBe('redirecting');
    expect(isProcessing(state)).toBe(true);
  });
});
