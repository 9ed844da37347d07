// The light landing page (docs/web.md, "Landing bundle"): what a visitor who opens '/' with no stored
// session gets first, rendered by main.tsx without the router, Amplify or the query cache. Beside the
// landing page it keeps the app-wide behaviour a visitor may meet there: the theme followed across tabs
// (applied before first paint by index.html), the update check with its toast and banner (loaded just
// after first render), and the app with spec §2's preloads once a link is pointed at, touched or
// focused (issue 12: nothing of the app before that). Following a link of the page,
// or an error while rendering it, starts the full app (app/boot.tsx), which takes over the same root.
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Landing } from '../features/landing/components/landing.tsx';
import { ThemeSync } from '../lib/theme.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The full app's start, as main.tsx loads it. */
export interface FullApp {
  /** Renders the full app in place of this page; with `navigateTo`, at that address. */
  start: (options?: { navigateTo?: string }) => Promise<void>;
  /** spec §2: the startup screens and those reachable from '/', preloaded on a visitor's first intent. */
  preloadRoutes: () => Promise<void>;
}

/** Calls `then` once the page's first contentful paint has been reported (at once if it already has);
 * where paint timing is not available, or it is not reported within `fallbackMs`, after that delay.
 * Returns a function that cancels the wait. */
export function afterFirstContentfulPaint(then: () => void, fallbackMs = 2_000): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    window.clearTimeout(fallback);
    then();
  };
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  let observer: PerformanceObserver | undefined;
  const fallback = window.setTimeout(finish, fallbackMs);
  if (painted()) {
    window.setTimeout(finish, 0);
  } else if (typeof PerformanceObserver !== 'undefined') {
    try {
      observer = new PerformanceObserver(() => {
        if (painted()) window.setTimeout(finish, 0);
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing here: the fallback delay stands.
    }
  }
  return () => {
    done = true;
    observer?.disconnect();
    window.clearTimeout(fallback);
  };
}

/** The update check, its banner and the toast region: not needed for the first paint. */
const LandingAppWide = lazy(() => import('./landing-app-wide.tsx'));

/** An error while rendering the landing page hands over to the full app, whose router shows the same
 * page (or spec §4's error screen if it fails again). */
class LandingErrorBoundary extends Component<
  { onError: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('landing page error', error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function LandingShell({ app }: { app: FullApp }) {
  useDocumentTitle(null);
  const [afterFirstPaint, setAfterFirstPaint] = useState(false);

  useEffect(() => {
    // After the browser reports the first contentful paint, not merely after the first render: nothing
    // of the app-wide code competes with the landing page's first paint.
    const stopWaiting = afterFirstContentfulPaint(() => setAfterFirstPaint(true));
    // issue 12: a signed-out visitor loads nothing of the app until they show they are heading into it —
    // a pointer over, a touch on or the focus on one of the page's links — and then the app and spec
    // §2's preloads start, a few hundred milliseconds before the click needs them.
    const intents = ['pointerover', 'touchstart', 'focusin'] as const;
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest('a[href^="/"]')) return;
      intents.forEach((type) => document.removeEventListener(type, onIntent, true));
      app.preloadRoutes().catch((error: unknown) => console.warn('route preload failed', error));
    };
    intents.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
    return () => {
      stopWaiting();
      intents.forEach((type) => document.removeEventListener(type, onIntent, true));
    };
  }, [app]);

  return (
    <LandingErrorBoundary onError={() => void app.start()}>
      <ThemeSync />
      <Landing search={window.location.search} onNavigate={(href) => void app.start({ navigateTo: href })} />
      {afterFirstPaint ? (
        <Suspense fallback={null}>
          <LandingAppWide />
        </Suspense>
      ) : null}
    </LandingErrorBoundary>
  );
}
