// index.html's second inline script, bundled into the page at build time by
// vite.config.ts (`inlineStart`): on a start with a stored sign-in it sends the first screen's API
// requests as the page begins, from the runtime config the server put into the page, before any of the
// app's JavaScript has arrived (lib/early-data.ts). Without that config (a server that does not fill the
// block) it does nothing, and the entry sends them once /config.json is in. It never throws: whatever
// goes wrong here, the app makes its calls as always.
import { inlineConfigText } from '../config/config-request.ts';
import { startEarlyData } from '../lib/early-data.ts';
import { earlyStorageKeys } from '../lib/storage-keys.ts';

/** Runs the early start in a page; the number of requests sent. */
export function runInlineStart(
  doc: Pick<Document, 'getElementById'>,
  storage: () => Storage,
  location: Pick<Location, 'pathname' | 'search'>,
  fetchFn: typeof fetch,
): number {
  try {
    const text = inlineConfigText(doc);
    if (!text) return 0;
    return startEarlyData(
      JSON.parse(text),
      storage(),
      earlyStorageKeys,
      location,
      fetchFn,
      Date.now,
      () => {},
    );
  } catch {
    return 0;
  }
}

if (typeof document !== 'undefined') {
  runInlineStart(document, () => window.localStorage, window.location, window.fetch.bind(window));
}
