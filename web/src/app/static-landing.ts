// The light landing page (docs/web.md, "Landing bundle"): a signed-out visitor on '/' reads
// the landing page index.html already carries (prerendered by the build from
// features/landing/components/landing.tsx), and this drives it with no React at all — the typed
// taglines (spec §1 / §9), the links' query, the year, the theme followed across tabs, and the update
// check (spec §4), whose toast and banner load only if a new version is found. Nothing of the app loads
// until the visitor shows they are heading into it (a pointer over, a touch on or the focus on one of
// the page's links: then the app and spec §2's preloads start, a few hundred milliseconds before the
// click needs them); following a link starts the full app at its page, in place.
import { isPlainClick } from '../features/landing/plain-click.ts';
import { taglines } from '../features/landing/taglines.ts';
import { startTypedRotation, TYPED_START, typedText } from '../features/landing/typed-rotation.ts';
import { applyTheme, followThemeChanges, readTheme } from '../lib/theme-core.ts';
import { startUpdateChecks } from '../lib/update-schedule.ts';

/** The full app's start, as the entry (main.tsx) loads it. */
export interface FullApp {
  /** Renders the full app in place of the page; with `navigateTo`, at that address. */
  start: (options?: { navigateTo?: string }) => Promise<void>;
  /** spec §2: the startup screens and those reachable from '/', preloaded on a visitor's first intent. */
  preloadRoutes: () => Promise<void>;
}

export interface StaticLandingOptions {
  /** A newer version is deployed: show spec §4's toast and banner. */
  onNewVersion: () => void;
  /** Whether update checks run (production builds only, spec §9). */
  checkForUpdates: boolean;
}

const INTENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/** Drives the prerendered landing page in `view` until a link starts the app. Returns a function that
 * stops everything it started. */
export function runStaticLanding(view: HTMLElement, app: FullApp, options: StaticLandingOptions): () => void {
  const stops: Array<() => void> = [];
  const stop = () => stops.splice(0).forEach((fn) => fn());

  const typed = view.querySelector('[data-typed]');
  if (typed) {
    typed.textContent = typedText(taglines, TYPED_START);
    stops.push(
      startTypedRotation(taglines, TYPED_START, (position) => {
        typed.textContent = typedText(taglines, position);
      }),
    );
  }
  const year = view.querySelector('[data-year]');
  if (year) year.textContent = String(new Date().getFullYear());
  // The sign-up and log-in links carry the page's query on (the build rendered them without one).
  if (window.location.search) {
    view.querySelectorAll<HTMLAnchorElement>('a[data-keep-search]').forEach((link) => {
      link.setAttribute('href', `${link.getAttribute('href') ?? '/'}${window.location.search}`);
    });
  }

  stops.push(followThemeChanges(() => applyTheme(readTheme())));
  if (options.checkForUpdates) stops.push(startUpdateChecks(options.onNewVersion));

  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href^="/"]')) return;
    INTENTS.forEach((type) => document.removeEventListener(type, onIntent, true));
    app.preloadRoutes().catch((error: unknown) => console.warn('route preload failed', error));
  };
  INTENTS.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
  stops.push(() => INTENTS.forEach((type) => document.removeEventListener(type, onIntent, true)));

  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-app-link]') : null;
    if (!link || !view.contains(link) || !isPlainClick(event)) return;
    event.preventDefault();
    stop();
    void app.start({ navigateTo: link.getAttribute('href') ?? '/' });
  };
  view.addEventListener('click', onClick);
  stops.push(() => view.removeEventListener('click', onClick));

  return stop;
}
