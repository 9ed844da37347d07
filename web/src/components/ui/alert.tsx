// An inline message box: errors are announced (role alert), information and warnings are not.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const tones = {
  error: 'border-red-200 bg-red-50 text-red-800',
  info: 'border-brand-100 bg-brand-50 text-slate-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
} as const;

export function Alert({
  tone = 'error',
  title,
  children,
  className,
}: {
  tone?: keyof typeof tones;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'note'}
      className={cn('rounded-md border px-4 py-3 text-sm', tones[tone], className)}
    >
      {title ? <p className="font-medium">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}
