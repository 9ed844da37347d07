// The two views index.html carries in #root before any JavaScript runs (docs/web.md, "Landing bundle"),
// rendered to static markup by the build (web/vite.config.ts, prerenderStartViews): the landing page,
// which a signed-out visitor on '/' reads and uses with no React at all (static-landing.ts drives it),
// and the loading view every other start shows until the app renders — except a signed-in start at
// /calendar, /accounts or /plan (or '/', whose home logic sends a person with accounts to /accounts),
// which shows the signed-in frame with the screen's heading and placeholders (its first and largest
// paint come with the HTML). index.html's inline script picks one before first paint
// (`data-start` and `data-start-screen` on <html>; the rules are in index.css); app/boot.tsx keeps the
// chosen view on screen until the app has more than a loading indicator to show. Rendered in Node only.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FrameSkeleton } from '../components/layouts/app-layout.tsx';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { Landing } from '../features/landing/components/landing.tsx';
import { AccountsSkeleton } from '../features/accounts/components/accounts-skeleton.tsx';
import { CalendarSkeleton } from '../features/money-calendar/components/calendar-skeleton.tsx';
import { PlanSkeleton } from '../features/money-plan/components/plan-skeleton.tsx';

/** A signed-in screen as it first looks: the frame's skeleton around the screen's heading and
 * placeholders, hidden from assistive technology (a status says 'Loading...'). */
const screen = (pathname: string, skeleton: ReactNode) =>
  renderToStaticMarkup(
    <>
      <p role="status" className="sr-only">
        Loading...
      </p>
      <div aria-hidden="true">
        <FrameSkeleton pathname={pathname}>{skeleton}</FrameSkeleton>
      </div>
    </>,
  );

export function startViewsHtml(): string {
  const landing = renderToStaticMarkup(<Landing search="" onNavigate={() => undefined} />);
  const loading = renderToStaticMarkup(<FullPageSpinner />);
  return [
    `<div data-start-view="landing">${landing}</div>`,
    `<div data-start-view="app">${loading}</div>`,
    `<div data-start-view="calendar">${screen(paths.app.calendar.getHref(), <CalendarSkeleton />)}</div>`,
    `<div data-start-view="accounts">${screen(paths.app.accounts.getHref(), <AccountsSkeleton />)}</div>`,
    `<div data-start-view="plan">${screen(paths.app.plan.getHref(), <PlanSkeleton />)}</div>`,
  ].join('');
}
