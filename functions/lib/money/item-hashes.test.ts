import { describe, expect, it } from 'vitest';
import { contentHash, HASH_CHARS, hashAt, hashedMonths, joinHashes, NO_HASH } from './item-hashes.ts';

describe('content hashes of stored months', () => {
  it('are short, stable and differ with the content', () => {
    const a = contentHash('{"closing":[1,2,3]}');
    expect(a).toHaveLength(HASH_CHARS);
    expect(contentHash('{"closing":[1,2,3]}')).toBe(a);
    expect(contentHash('{"closing":[1,2,4]}')).not.toBe(a);
  });

  it('are listed month by month across a year end, a missing month standing empty', () => {
    const [h1, h2, h3] = ['a', 'b', 'c'].map(contentHash) as [string, string, string];
    const joined = joinHashes(
      '2026-11',
      new Map([
        ['2027-02', h3],
        ['2026-11', h1],
        ['2026-12', h2],
      ]),
    );

    expect(joined).toBe(`${h1}${h2}${NO_HASH}${h3}`);
    expect(hashAt(joined, '2026-11', '2026-11')).toBe(h1);
    expect(hashAt(joined, '2026-11', '2026-12')).toBe(h2);
    expect(hashAt(joined, '2026-11', '2027-01')).toBeUndefined();
    expect(hashAt(joined, '2026-11', '2027-02')).toBe(h3);
    expect(hashAt(joined, '2026-11', '2026-10')).toBeUndefined();
    expect(hashAt(joined, '2026-11', '2027-03')).toBeUndefined();
    expect(hashAt(undefined, '2026-11', '2026-11')).toBeUndefined();
    expect(hashedMonths(joined, '2026-11')).toEqual(['2026-11', '2026-12', '2027-02']);
  });
});
