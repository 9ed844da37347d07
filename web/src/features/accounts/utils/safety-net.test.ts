import { describe, expect, it } from 'vitest';
import { shouldTriggerSafetyNet } from './safety-net.ts';

const due = {
  pageReady: true,
  elapsedMs: 10_001,
  activeAccounts: 2,
  transactionCount: 0,
  alreadyTriggered: false,
};

describe('safety net (spec §4, §9 safety net 10 s)', () => {
  it('triggers on a ready page after more than 10 s with an active account and no transactions', () => {
    expect(shouldTriggerSafetyNet(due)).toBe(true);
  });

  it('waits, or stays quiet, when any condition is missing', () => {
    expect(shouldTriggerSafetyNet({ ...due, elapsedMs: 10_000 })).toBe(false);
    expect(shouldTriggerSafetyNet({ ...due, pageReady: false })).toBe(false);
    expect(shouldTriggerSafetyNet({ ...due, activeAccounts: 0 })).toBe(false);
    expect(shouldTriggerSafetyNet({ ...due, transactionCount: 1 })).toBe(false);
    expect(shouldTriggerSafetyNet({ ...due, transactionCount: null })).toBe(false);
    expect(shouldTriggerSafetyNet({ ...due, alreadyTriggered: true })).toBe(false);
  });
});
