import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockMoversLast, projectOf, repoPath, shardKeys, weightOf } from './vitest-shards.ts';

const weights = {
  'integration:tests/integration/a.test.ts': 200,
  'integration:tests/integration/b.test.ts': 190,
  'integration:tests/integration/c.test.ts': 150,
  'integration:tests/integration/d.test.ts': 100,
  'infra:tests/infra/e.test.ts': 20,
};
const keys = [...Object.keys(weights), 'web:web/src/x.test.ts', 'integration:tests/integration/new.test.ts'];

describe('weighted shards', () => {
  it('puts every file in exactly one shard, whatever the count', () => {
    for (const count of [1, 2, 3, 4]) {
      const shards = Array.from({ length: count }, (_, i) => shardKeys(keys, weights, i + 1, count));
      expect(shards.flatMap((s) => [...s]).sort()).toEqual([...keys].sort());
    }
  });

  it('splits by seconds, not by count: the two longest files land in different shards', () => {
    const [first, second] = [shardKeys(keys, weights, 1, 2), shardKeys(keys, weights, 2, 2)];
    const load = (s: Set<string>) => [...s].reduce((sum, key) => sum + weightOf(weights, key), 0);
    expect(first.has('integration:tests/integration/a.test.ts')).toBe(
      !first.has('integration:tests/integration/b.test.ts'),
    );
    expect(second.size).toBeGreaterThan(0);
    expect(Math.abs(load(first) - load(second))).toBeLessThanOrEqual(30);
  });

  it('gives a file no snapshot has timed its kind’s default', () => {
    expect(weightOf(weights, 'integration:tests/integration/new.test.ts')).toBe(5);
    expect(weightOf(weights, 'infra:tests/infra/new.test.ts')).toBe(3);
    expect(weightOf(weights, 'web:web/src/x.test.ts')).toBe(0.2);
  });

  it('runs the files that move the Plaid sandbox clock after the rest, each group in its own order', () => {
    const sources: Record<string, string> = {
      'sync.test.ts': "await sandbox('/sandbox/clock/advance', { days: 12 });",
      'coach.test.ts': 'linkedUser()',
      'balance.test.ts': "sandbox('/sandbox/clock/advance', { days: 14 })",
      'plan.test.ts': "sandbox('/sandbox/clock/get', {})",
    };
    expect(clockMoversLast(Object.keys(sources), (file) => sources[file]!)).toEqual([
      'coach.test.ts',
      'plan.test.ts',
      'sync.test.ts',
      'balance.test.ts',
    ]);
  });

  it("runs this repository's clock-moving integration files last", () => {
    const root = join(import.meta.dirname, '..', 'tests', 'integration');
    const files = readdirSync(root).filter((f) => f.endsWith('.test.ts'));
    const ordered = clockMoversLast(files, (f) => readFileSync(join(root, f), 'utf8'));
    expect(ordered.slice(-2).sort()).toEqual(['accounts-balance-check.test.ts', 'plaid-sync.test.ts']);
  });

  it("names each file's project as vitest.config.ts does", () => {
    expect(projectOf('tests/integration/a.test.ts')).toBe('integration');
    expect(projectOf('tests/infra/e.test.ts')).toBe('infra');
    expect(projectOf('web/src/lib/x.test.ts')).toBe('web');
    expect(projectOf('domain/money/plan.test.ts')).toBe('unit');
  });

  it("reads a CI clone's paths as this checkout's", () => {
    expect(repoPath('/work/main/tests/integration/a.test.ts', '/work/main')).toBe(
      'tests/integration/a.test.ts',
    );
    expect(repoPath('/work/ci-0131/tests/integration/a.test.ts', '/work/main')).toBe(
      'tests/integration/a.test.ts',
    );
    expect(repoPath('/check/work/main/web/src/x.test.ts', '/work/main')).toBe('web/src/x.test.ts');
    expect(() => repoPath('/elsewhere/x.test.ts', '/work/main')).toThrow('in no folder');
  });

  it("weighs this repository's own test files, each under its project", () => {
    const root = join(import.meta.dirname, '..');
    const stored = JSON.parse(readFileSync(join(root, 'tests', 'test-weights.json'), 'utf8')) as Record<
      string,
      number
    >;
    const wrong = Object.keys(stored).filter((key) => {
      const path = key.slice(key.indexOf(':') + 1);
      return !existsSync(join(root, path)) || key !== `${projectOf(path)}:${path}`;
    });
    expect(wrong).toEqual([]);
    expect(Object.keys(stored).length).toBeGreaterThan(20);
  });
});
