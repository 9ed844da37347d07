// The two views index.html carries in #root before any JavaScript runs (docs/web.md, "Landing bundle"),
// rendered to static markup by the build (web/vite.config.ts, prerenderStartViews): the landing page,
// which a signed-out visitor on '/' reads and uses with no React at all (static-landing.ts drives it),
// and the loading view every other start shows until the app renders — except a signed-in deep link to
// /calendar, which shows the signed-in frame with the calendar's heading and placeholders (its
// first and largest paint come with the HTML). index.html's inline script picks one before first paint
// (`data-start` and `data-start-screen` on <html>; the rules are in index.css); app/boot.tsx keeps the
// chosen view on screen until the app has more than a loading indicator to show. Rendered in Node only.
import { renderToStaticMarkup } from 'react-dom/server';
import { FrameSkeleton } from '../components/layouts/app-layout.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { Landing } from '../features/landing/components/landing.tsx';
import { CalendarSkeleton } from '../features/money-calendar/components/calendar-skeleton.tsx';

export function startViewsHtml(): string {
  const landing = renderToStaticMarkup(<Landing search="" onNavigate={() => undefined} />);
  const loading = renderToStaticMarkup(<FullPageSpinner />);
  const calendar = renderToStaticMarkup(
    <>
      <p role="status" className="sr-only">
        Loading...
      </p>
      <div aria-hidden="true">
        <FrameSkeleton pathname={paths.app.calendar.getHref()}>
          <CalendarSkeleton />
        </FrameSkeleton>
      </div>
    </>,
  );
  return [
    `<div data-start-view="landing">${landing}</div>`,
    `<div data-start-view="app">${loading}</div>`,
    `<div data-start-view="calendar">${calendar}</div>`,
  ].join('');
}
