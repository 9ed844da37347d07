// The inputs several auth forms share: the e-mail field, the 6-digit code field and a new password
// (spec §5: at least 6 characters). They accept react-hook-form's `register(...)` props like TextField.
import { PasswordField } from '../../../components/ui/password-field.tsx';
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

export function NewPasswordField({ label = 'Password', ...props }: Omit<SharedFieldProps, 'trailing'>) {
  return (
    <PasswordField
      label={label}
      autoComplete="new-password"
      placeholder="Password (min. 6 characters)"
      {...props}
    />
  );
}
