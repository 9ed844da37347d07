// Password input with a show/hide toggle (spec §2 Login). The toggle is named 'Show'/'Hide' and points
// at its input with aria-controls, so the only element named 'Password' is the input itself.
import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.tsx';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const generatedId = useId();
  const id = props.id ?? generatedId;
  return (
    <TextField
      {...props}
      id={id}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
          className="rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
