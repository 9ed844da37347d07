// The inputs several auth forms share: the e-mail field and the 6-digit code field. Both accept
// react-hook-form's `register(...)` props like TextField.
import { TextField, type TextFieldProps } from '../../../components/ui/text-field.tsx';

type SharedFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'inputMode'> & { label?: string };

export function EmailField({ label = 'Email', autoComplete = 'email', ...props }: SharedFieldProps) {
  return <TextField label={label} type="email" inputMode="email" autoComplete={autoComplete} {...props} />;
}

export function CodeField({
  label = 'Confirmation code',
  hint = 'The 6-digit code from the email we sent you.',
  ...props
}: SharedFieldProps) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      hint={hint}
      {...props}
    />
  );
}
