// A labelled input with its hint and error wired for assistive technology (aria-describedby,
// aria-invalid). Accepts react-hook-form's `register(...)` props directly.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { Label } from './label.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered inside the input's box, on the right (the password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  id?: string;
}

export const inputClasses = cn(
  'block h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs sm:text-sm',
  'placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30',
  'read-only:bg-slate-100 read-only:text-slate-600 disabled:bg-slate-100',
  'aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/30',
);

export function TextField({
  label,
  error,
  hint,
  trailing,
  className,
  id,
  ref,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(inputClasses, trailing ? 'pr-16' : null)}
          {...inputProps}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>
        ) : null}
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
