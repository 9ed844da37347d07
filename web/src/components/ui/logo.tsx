// The product's mark: a rounded square holding a rising tally of three bars, and the name beside it.
// One SVG, drawn with currentColor-free brand tokens so it reads in light and dark.
import { APP_NAME } from '../../config/brand.ts';
import { cn } from '../../lib/cn.ts';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="9" fill="var(--color-brand-600)" />
      <rect x="8" y="17" width="4" height="8" rx="2" fill="var(--color-on-brand)" opacity="0.7" />
      <rect x="14" y="12" width="4" height="13" rx="2" fill="var(--color-on-brand)" opacity="0.85" />
      <rect x="20" y="7" width="4" height="18" rx="2" fill="var(--color-on-brand)" />
    </svg>
  );
}

/** Mark and name; the name is the accessible text. */
export function Logo({
  className,
  markClassName,
  nameClassName,
}: {
  className?: string;
  markClassName?: string;
  nameClassName?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-xl font-semibold tracking-tight text-slate-900',
        className,
      )}
    >
      <LogoMark className={markClassName} />
      <span className={nameClassName}>{APP_NAME}</span>
    </span>
  );
}
