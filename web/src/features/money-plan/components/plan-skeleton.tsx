// /plan's heading, and the screen as it first looks before its data: prerendered into index.html inside
// the frame's skeleton (app/start-views.tsx), so a signed-in start at /plan paints the heading with the
// HTML, before any JavaScript runs. The screen renders the same heading when it mounts. Hook-free and
// light: rendered in Node.
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function PlanHeading() {
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900">Money Plan</h1>
      <p className="text-sm text-slate-600">
        Your income, bills, subscriptions and transfers, found in your history, and the items you add.
      </p>
    </div>
  );
}

/** The heading, and placeholders where the buttons, the month's totals and the plan will be. */
export function PlanSkeleton() {
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PlanHeading />
        <Skeleton className="h-11 w-72" />
      </div>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
