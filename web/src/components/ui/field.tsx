// The frame every labelled form control shares: the label, the hint and the error, wired for assistive
// technology (the control gets aria-describedby naming both, and aria-invalid when there is an error).
// TextField and SelectField render their own control inside it.
import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Label } from './label.tsx';

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}

export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={controlId}>{label}</Label>
      <div className="relative">
        {children({
          id: controlId,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
        })}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
