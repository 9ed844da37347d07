// The two views index.html carries in #root before any JavaScript runs (docs/web.md, "Landing bundle"),
// rendered to static markup by the build (web/vite.config.ts, prerenderStartViews): the landing page,
// which a signed-out visitor on '/' reads and uses with no React at all (static-landing.ts drives it),
// and the loading view every other start shows until the app renders. index.html's inline script picks
// one before first paint (`data-start` on <html>; the rule is in index.css). Rendered in Node only.
import { renderToStaticMarkup } from 'react-dom/server';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { Landing } from '../features/landing/components/landing.tsx';

export function startViewsHtml(): string {
  const landing = renderToStaticMarkup(<Landing search="" onNavigate={() => undefined} />);
  const loading = renderToStaticMarkup(<FullPageSpinner />);
  return `<div data-start-view="landing">${landing}</div><div data-start-view="app">${loading}</div>`;
}
