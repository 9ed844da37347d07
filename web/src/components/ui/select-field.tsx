// A labelled native select, wired like TextField (hint, error, aria-describedby, aria-invalid). Native,
// so it is the platform's picker on phones. Accepts react-hook-form's `register(...)` props.
import { ChevronDown } from 'lucide-react';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { Field } from './field.tsx';
import { inputClasses } from './text-field.tsx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  id?: string;
}

export function SelectField({ label, options, error, hint, className, id, ref, ...props }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <>
          <select
            ref={ref}
            {...control}
            // A select matches :read-only, which inputClasses greys out for locked text fields.
            className={cn(inputClasses, 'appearance-none pr-9 read-only:bg-white read-only:text-slate-900')}
            {...props}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
          />
        </>
      )}
    </Field>
  );
}
