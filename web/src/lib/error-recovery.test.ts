import { describe, expect, it } from 'vitest';
import { claimDeploymentReload, recoveryDelayMs } from './error-recovery.ts';

class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('error recovery (spec §4, §9)', () => {
  it('backs off 500 ms doubling, capped at 2 s', () => {
    expect([0, 1, 2, 3, 4].map(recoveryDelayMs)).toEqual([500, 1000, 2000, 2000, 2000]);
  });

  it('reloads for a deployment once, not again within 30 s', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(claimDeploymentReload(storage, 100_000)).toBe(true);
    expect(claimDeploymentReload(storage, 110_000)).toBe(false);
    expect(claimDeploymentReload(storage, 140_001)).toBe(true);
  });
});
