// Lists come a page at a time (the server's `limit` / `cursor` → `next_cursor`; docs/api-conventions.md
// "Lists"). Where a screen shows "all" of something it follows the cursor to the end.

export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** Guards against a server that keeps answering a cursor: far more pages than any list holds. */
const MAX_PAGES = 500;

/** Every row of a paged list, in the server's order: fetches page after page until `next_cursor` is null. */
export async function followPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { items, next_cursor } = await fetchPage(cursor);
    rows.push(...items);
    if (!next_cursor || next_cursor === cursor) return rows;
    cursor = next_cursor;
  }
  throw new Error(`The list did not end after ${MAX_PAGES} pages`);
}
