// What a list shows when it has nothing yet: an icon, a heading, a line, and an optional action.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center',
        className,
      )}
    >
      {Icon ? <Icon aria-hidden="true" className="size-8 text-slate-400" /> : null}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children ? <div className="max-w-sm text-sm text-slate-600">{children}</div> : null}
      {action}
    </div>
  );
}
