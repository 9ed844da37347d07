// index.html's second inline script (issue 12 item 2), bundled into the page at build time by
// vite.config.ts (`inlineStart`): on a start with a stored sign-in it asks for the first screen's
// JavaScript files (app/start-files.ts, listed by the build into the page) and sends its API requests as
// the page begins, from the runtime config the server put into the page, before any of the app's
// JavaScript has arrived (lib/early-data.ts). Without that config (a server that does not fill the
// block) it does nothing, and the entry does both once /config.json is in. It never throws: whatever
// goes wrong here, the app loads and makes its calls as always.
import { inlineConfigText } from '../config/config-request.ts';
import { startEarlyData } from '../lib/early-data.ts';
import { earlyStorageKeys } from '../lib/storage-keys.ts';
import { preloadFiles, startFilesFor, startFilesIn } from './start-files.ts';

/** Runs the early start in a page; the number of requests sent. `preload` gets the files to preload. */
export function runInlineStart(
  doc: Pick<Document, 'getElementById'>,
  storage: () => Storage,
  location: Pick<Location, 'pathname' | 'search'>,
  fetchFn: typeof fetch,
  preload: (files: string[]) => void,
): number {
  try {
    const text = inlineConfigText(doc);
    if (!text) return 0;
    // Asked for before the API requests: the app's code is what the first screen waits for longest.
    const preloadStartFiles = () => {
      try {
        const list = startFilesIn(doc);
        if (list) preload(startFilesFor(list, location.pathname));
      } catch {
        // The entry asks for the same files.
      }
    };
    return startEarlyData(
      JSON.parse(text),
      storage(),
      earlyStorageKeys,
      location,
      fetchFn,
      Date.now,
      preloadStartFiles,
    );
  } catch {
    return 0;
  }
}

if (typeof document !== 'undefined') {
  runInlineStart(
    document,
    () => window.localStorage,
    window.location,
    window.fetch.bind(window),
    (files) => preloadFiles(document, files),
  );
}
