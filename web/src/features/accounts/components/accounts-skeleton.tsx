// /accounts' heading, and the screen as it first looks before its data: prerendered into index.html
// inside the frame's skeleton (app/start-views.tsx), so a signed-in start at /accounts (or at '/', whose
// home logic sends a person with accounts there) paints the heading with the HTML, before any JavaScript
// runs. The screen renders the same heading when it mounts. Hook-free and light: rendered in Node.
import { Skeleton } from '../../../components/ui/skeleton.tsx';

export function AccountsHeading() {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Accounts</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every account connected to this profile, with its balance and your totals.
      </p>
    </div>
  );
}

/** The heading, and placeholders where the totals and the first group of accounts will be. */
export function AccountsSkeleton() {
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <AccountsHeading />
      </div>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
