// Rules that keep the codebase one a newcomer can hold: modules of one purpose (a source file over 500
// lines says at its top why it stays whole), and comments and docs that describe the product, not the
// order it was built in (no issue numbers: history lives in git).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

const MAX_LINES = 500;
/** The Plaid sandbox's generated bank histories are data as code, exempt by design. */
const EXEMPT = /^local\/plaid-sandbox\//;
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
/** How a long file says why it stays whole, within its opening comment. */
const STAYS_WHOLE = /stays one file/i;

/** A source file over the limit without its reason at the top. */
export function oversized(path: string, text: string): boolean {
  const lines = text.split('\n');
  if (lines.length <= MAX_LINES) return false;
  return !STAYS_WHOLE.test(lines.slice(0, 20).join('\n'));
}

/** The word for a tracker entry followed by its number: a reference to the tracker, not to the product. */
export const ISSUE_CITATION = /\bissues? #?\d+/i;

describe('codebase rules', () => {
  it('flags a long file without its reason and passes one with it', () => {
    const body = Array.from({ length: MAX_LINES + 1 }, (_, i) => `export const x${i} = ${i};`).join('\n');
    expect(oversized('a.ts', body)).toBe(true);
    expect(oversized('a.ts', `// It stays one file though it is long: a table.\n${body}`)).toBe(false);
    const citation = ['issue', '10', 'item', '6'].join(' ');
    expect(ISSUE_CITATION.test(`// the band (${citation})`)).toBe(true);
    expect(ISSUE_CITATION.test('// the band (spec §9)')).toBe(false);
  });

  it(`no source file is over ${MAX_LINES} lines without saying at its top why it stays whole`, () => {
    const long = tracked.filter((p) => SOURCE.test(p) && !EXEMPT.test(p) && oversized(p, read(p)));
    expect(long).toEqual([]);
  });

  it('no comment, test or doc cites an issue number', () => {
    const citing = tracked
      .filter((p) => (SOURCE.test(p) || p.endsWith('.md')) && p !== 'bin/codebase-rules.test.ts')
      .filter((p) => ISSUE_CITATION.test(read(p)))
      .map((p) => `${p}: ${ISSUE_CITATION.exec(read(p))?.[0]}`);
    expect(citing).toEqual([]);
  });
});
