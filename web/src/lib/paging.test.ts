import { describe, expect, it } from 'vitest';
import { followPages } from './paging.ts';

describe('followPages', () => {
  it('reads every page in order until next_cursor is null, sending each cursor back', async () => {
    const pages: Record<string, { items: number[]; next_cursor: string | null }> = {
      start: { items: [1, 2], next_cursor: 'a' },
      a: { items: [3, 4], next_cursor: 'b' },
      b: { items: [5], next_cursor: null },
    };
    const asked: Array<string | undefined> = [];
    const rows = await followPages(async (cursor) => {
      asked.push(cursor);
      return pages[cursor ?? 'start'] ?? { items: [], next_cursor: null };
    });
    expect(rows).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, 'a', 'b']);
  });

  it('stops on a cursor that repeats, and refuses a list that never ends', async () => {
    expect(await followPages(async () => ({ items: [1], next_cursor: 'same' }))).toEqual([1, 1]);
    let n = 0;
    await expect(followPages(async () => ({ items: [], next_cursor: String((n += 1)) }))).rejects.toThrow(
      'did not end',
    );
  });
});
