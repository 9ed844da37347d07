// The Money Calendar's heading, and the screen as it first looks before its data: prerendered
// into index.html inside the frame's skeleton (app/start-views.tsx), so a cold /calendar deep link paints
// the heading — the screen's largest text on a phone — with the HTML, before any JavaScript runs. The
// screen renders the same heading and the same placeholders in the same places when it mounts.
// Hook-free and light: it is rendered to static markup in Node.
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function CalendarHeading() {
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">Money Calendar</h1>
      <p className="text-sm text-slate-600">
        What happened, what is planned, and where your balance is heading.
      </p>
    </div>
  );
}

/** The heading, and placeholders where the controls, the month's name and the month will be. */
export function CalendarSkeleton() {
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <CalendarHeading />
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <Skeleton className="h-11 w-44" />
          <Skeleton className="h-[4.375rem] w-full sm:w-72" />
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Skeleton className="h-9 w-10" />
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-9 w-10" />
      </div>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}
