// The state of a small form without react-hook-form (≈ 12 KB gzip), for the login form, the first screen
// many starts show: values, per-field errors, submitting. It follows the react-hook-form behaviour the
// other auth forms have: validation on submit (the first invalid field, in field order, gets the focus),
// then again on each change of a field once the form has been submitted (only that field's error
// changes), errors set by the caller with optional focus, and `isSubmitting` while the handler runs.
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';

/** A validation's outcome: the values to submit (as the rules transform them), or a message per field. */
export type Validation<Values> =
  { ok: true; values: Values } | { ok: false; errors: Partial<Record<keyof Values & string, string>> };

export type Validate<Values> = (values: Values) => Promise<Validation<Values>>;

export function useSmallForm<Values extends Record<string, string>>(options: {
  defaultValues: Values;
  /** The rules to apply now (they may change between renders, as the login form's steps do). */
  validate: Validate<Values>;
  /** Field names in the form's order: the first invalid one gets the focus. */
  fields: readonly (keyof Values & string)[];
}) {
  type Name = keyof Values & string;
  const [values, setValues] = useState<Values>(options.defaultValues);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const valuesRef = useRef(values);
  const submitted = useRef(false);
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  const validateRef = useRef(options.validate);
  validateRef.current = options.validate;
  const fieldOrder = useRef(options.fields);
  fieldOrder.current = options.fields;

  const setFocus = useCallback((name: Name) => inputs.current.get(name)?.focus(), []);

  const setError = useCallback(
    (name: Name, error: { message: string }, focus?: { shouldFocus?: boolean }) => {
      setErrors((current) => ({ ...current, [name]: error.message }));
      if (focus?.shouldFocus) inputs.current.get(name)?.focus();
    },
    [],
  );

  const register = (name: Name) => ({
    name,
    value: values[name],
    ref: (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...valuesRef.current, [name]: event.target.value };
      valuesRef.current = next;
      setValues(next);
      if (!submitted.current) return;
      void validateRef.current(next).then((outcome) => {
        if (valuesRef.current !== next) return;
        const message = outcome.ok ? undefined : outcome.errors[name];
        setErrors((current) => {
          const rest = { ...current };
          delete rest[name];
          return message === undefined ? rest : { ...rest, [name]: message };
        });
      });
    },
  });

  const handleSubmit = (onValid: (values: Values) => Promise<void> | void) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    setIsSubmitting(true);
    try {
      const outcome = await validateRef.current(valuesRef.current);
      if (!outcome.ok) {
        setErrors(outcome.errors);
        const first = fieldOrder.current.find(
          (name) => outcome.errors[name] !== undefined && inputs.current.has(name),
        );
        if (first) inputs.current.get(first)?.focus();
        return;
      }
      setErrors({});
      await onValid(outcome.values);
    } finally {
      setIsSubmitting(false);
    }
  };

  return { values, errors, isSubmitting, register, handleSubmit, setError, setFocus };
}
