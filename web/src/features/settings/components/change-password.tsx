// /settings → Security: change the password (Cognito ChangePassword through Amplify's updatePassword):
// the current one, a new one of at least spec §9's length, typed twice.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import * as z from 'zod/mini';
import { authValidation, PASSWORD_MIN_LENGTH } from '@domain/auth-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { loadAmplify } from '../../../lib/amplify-loader.ts';

const schema = z
  .object({
    current: z.string().check(z.minLength(1, authValidation.passwordRequired)),
    next: z.string().check(z.minLength(PASSWORD_MIN_LENGTH, authValidation.passwordTooShort)),
    confirm: z.string(),
  })
  .check(
    z.refine((v) => v.next === v.confirm, {
      path: ['confirm'],
      message: 'The two new passwords do not match',
    }),
    z.refine((v) => v.next !== v.current, {
      path: ['next'],
      message: 'Choose a password different from the current one',
    }),
  );
type Values = z.infer<typeof schema>;

export const changePasswordMessages = {
  done: 'Password changed',
  wrongCurrent: 'Your current password is not right. Please try again.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  failed: 'We could not change your password. Please try again.',
} as const;

function messageFor(error: unknown): string {
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? '';
  if (name === 'NotAuthorizedException') return changePasswordMessages.wrongCurrent;
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException')
    return changePasswordMessages.tooMany;
  if (name === 'InvalidPasswordException') {
    const reason = message.split(/policy:\s*/i)[1]?.trim();
    return reason ? `Password is too weak: ${reason}` : authValidation.passwordTooShort;
  }
  return changePasswordMessages.failed;
}

export function ChangePassword() {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { current: '', next: '', confirm: '' },
  });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: async (values: Values) =>
      (await loadAmplify()).updatePassword({ oldPassword: values.current, newPassword: values.next }),
    retry: false,
    onMutate: () => setError(null),
    onSuccess: () => {
      toast.success(changePasswordMessages.done);
      form.reset();
      setOpen(false);
    },
    onError: (e) => setError(messageFor(e)),
  });

  if (!open)
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Change password
      </Button>
    );
  return (
    <form
      className="max-w-sm space-y-4"
      onSubmit={form.handleSubmit((values) => change.mutate(values))}
      noValidate
    >
      {error ? <Alert>{error}</Alert> : null}
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.current?.message}
        {...form.register('current')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.next?.message}
        {...form.register('next')}
      />
      <PasswordField
        label="New password again"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
      <div className="flex gap-2">
        <Button type="submit" isPending={change.isPending}>
          Change password
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            form.reset();
            setError(null);
            setOpen(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
