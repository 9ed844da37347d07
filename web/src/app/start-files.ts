// The JavaScript files a signed-in start needs before its first screen (issue 12 item 3), asked for by
// index.html's inline start (app/inline-start.ts) as the page is parsed, not once the entry has run.
// The build lists them per screen from its own output (vite.config.ts `startFiles`) into a JSON block of
// the page, `#start-files`; the inline start adds a `<link rel="modulepreload">` for each file of the
// screen in the address when a sign-in is stored. Without the list (the dev server, an old page) nothing
// happens here: the entry asks for the same files as before (app/screens.ts `preloadScreenFor`), and
// Vite's preload helper skips those already linked.
import { matchesPath } from './match-path.ts';

/** What the build writes into `#start-files`: paths from the site's root (`/assets/…`). */
export interface StartFiles {
  /** Every signed-in start: the app (boot, frame, the providers' signed-in logic) and Amplify Auth. */
  signedIn: string[];
  /** Each signed-in screen's own files beyond `signedIn`, by route pattern (app/screens.ts). */
  screens: Record<string, string[]>;
}

export const START_FILES_ID = 'start-files';

/** The files to preload for `pathname`: none unless a signed-in screen matches it. */
export function startFilesFor(list: StartFiles, pathname: string): string[] {
  const screen = Object.entries(list.screens).find(([pattern]) => matchesPath(pattern, pathname));
  return screen ? [...list.signedIn, ...screen[1]] : [];
}

/** Reads the page's `#start-files`; null when it has none or it cannot be read. */
export function startFilesIn(doc: Pick<Document, 'getElementById'>): StartFiles | null {
  const text = doc.getElementById(START_FILES_ID)?.textContent?.trim();
  if (!text) return null;
  try {
    const list = JSON.parse(text) as Partial<StartFiles> | null;
    // The site's own script files only (`/assets/x.js`): no other host, not even by `//host/…`.
    const strings = (value: unknown): value is string[] =>
      Array.isArray(value) &&
      value.every((item) => typeof item === 'string' && /^\/(?!\/)[\w./-]+\.js$/.test(item));
    if (!list || !strings(list.signedIn) || typeof list.screens !== 'object' || !list.screens) return null;
    if (!Object.values(list.screens).every(strings)) return null;
    return { signedIn: list.signedIn, screens: list.screens };
  } catch {
    return null;
  }
}

/** Adds a `<link rel="modulepreload">` to `doc.head` for each file not linked yet; how many it added. */
export function preloadFiles(doc: Document, files: readonly string[]): number {
  const linked = new Set([...doc.head.querySelectorAll('link')].map((link) => link.getAttribute('href')));
  let added = 0;
  for (const href of files) {
    if (linked.has(href)) continue;
    linked.add(href);
    // As Vite's preload helper makes them, which then finds these and adds none of its own.
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
    added += 1;
  }
  return added;
}
