// Form label (Radix: clicking it focuses the control, and it never selects text on double click).
import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root className={cn('block text-sm font-medium text-slate-800', className)} {...props} />
  );
}
