// Loading indicators: an inline spinner, and the full-page one of the auth guard (spec §2 'Loading...').
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden="true" className={cn('size-5 animate-spin text-brand-600', className)} />;
}

/** A centred spinner with a visible, announced label. */
export function PageSpinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      // app/boot.tsx keeps a prerendered start view on screen while the app shows only this.
      data-page-loading=""
      className={cn('flex flex-col items-center justify-center gap-3 py-16', className)}
    >
      <Spinner className="size-8" />
      <p className="text-sm text-slate-600">{label}</p>
    </div>
  );
}

export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return <PageSpinner label={label} className="min-h-dvh" />;
}
