// A labelled input with its hint and error wired for assistive technology (aria-describedby,
// aria-invalid). Accepts react-hook-form's `register(...)` props directly.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { Field } from './field.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered inside the input's box, on the right (the password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  id?: string;
}

/** The input's classes: one list without conflicts (text-field.test.ts checks it), not merged at module load. */
export const inputClasses = [
  'block h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs sm:text-sm',
  'placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30',
  'read-only:bg-slate-100 read-only:text-slate-600 disabled:bg-slate-100',
  'aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/30',
].join(' ');

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
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <>
          <input
            ref={ref}
            {...control}
            className={cn(inputClasses, trailing ? 'pr-16' : null)}
            {...inputProps}
          />
          {trailing ? (
            <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>
          ) : null}
        </>
      )}
    </Field>
  );
}
