// Paging for every list endpoint (docs/api-conventions.md "Lists"): a request takes
// `limit` and `cursor`, a response carries the page and `next_cursor` (null on the last page), in a
// stable order, so a client that follows the cursor reads every row exactly once. Lists read from one
// DynamoDB query page with ElectroDB's cursor (the last evaluated key; DynamoDB refuses a start key
// outside the query's partition, so a cursor cannot reach another profile's rows). Lists a handler
// assembles in memory (merged, filtered or sorted rows) page by a key cursor: the sort key of the last
// row sent, so rows added or removed between pages neither repeat nor shift the rest.
import { z } from 'zod';
import { ValidationError } from '../../domain/errors.ts';

/** The cursor a client sends back: opaque, bounded. */
const cursorParam = z.string().min(1).max(4_096);

/** `limit` and `cursor` query parameters, with a list's own default and maximum page size. */
export function pageQuery(defaultLimit: number, maxLimit: number) {
  return {
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    cursor: cursorParam.optional(),
  };
}

export interface Page<T> {
  readonly items: T[];
  readonly next_cursor: string | null;
}

const invalidCursor = (cause?: unknown) =>
  new ValidationError([{ field: 'cursor', message: 'is not valid' }], cause ? { cause } : undefined);

/**
 * One page of a DynamoDB query through ElectroDB: `run` receives the cursor to start from (null for the
 * first page) and returns ElectroDB's `{ data, cursor }`. A cursor DynamoDB or ElectroDB refuses is a
 * 400 naming `cursor`.
 */
export async function queryPage<T>(
  cursor: string | undefined,
  run: (cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>,
): Promise<Page<T>> {
  try {
    const result = await run(cursor ?? null);
    return { items: result.data, next_cursor: result.cursor ?? null };
  } catch (error) {
    if (cursor) throw invalidCursor(error);
    throw error;
  }
}

function encodeKey(key: string): string {
  return Buffer.from(JSON.stringify({ after: key }), 'utf8').toString('base64url');
}

function decodeKey(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && typeof (parsed as { after?: unknown }).after === 'string')
      return (parsed as { after: string }).after;
  } catch (error) {
    throw invalidCursor(error);
  }
  throw invalidCursor();
}

/**
 * One page of rows held in memory. `keyOf` gives each row a unique key whose string order is the list's
 * order (ascending); the rows may come in any order. The cursor names the last key sent.
 */
export function pageInMemory<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Page<T> {
  const keyed = rows.map((row) => ({ row, key: keyOf(row) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const after = cursor === undefined ? null : decodeKey(cursor);
  const start = after === null ? 0 : keyed.findIndex((entry) => entry.key > after);
  const rest = start < 0 ? [] : keyed.slice(start);
  const page = rest.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((entry) => entry.row),
    next_cursor: rest.length > limit && last ? encodeKey(last.key) : null,
  };
}

/** A key part that sorts in descending order under string comparison (newest first by ISO date). */
export function descending(value: string): string {
  return [...value].map((c) => String.fromCharCode(0xffff - c.charCodeAt(0))).join('');
}
