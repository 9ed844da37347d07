// /reset-password: the e-mail, the code from the reset e-mail (prefilled from a recovery link's
// token_hash), and the new password twice. Success goes to sign-in with the e-mail filled in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';

import { paths } from '../../../config/paths.ts';
import { preloadAmplify } from '../../../lib/amplify-loader.ts';
import {
  confirmResetInputSchema,
  useConfirmPasswordReset,
  type ConfirmResetInput,
} from '../api/reset-password.ts';
import { describeAuthError, showAuthFailure } from '../utils/cognito-errors.ts';
import { CodeField, EmailField, NewPasswordField } from './auth-fields.tsx';

export const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in.';

export function ResetPasswordForm({
  defaultEmail,
  defaultCode,
  isLocal,
}: {
  defaultEmail: string | null;
  defaultCode: string | null;
  isLocal: boolean;
}) {
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ConfirmResetInput>({
    resolver: zodResolver(confirmResetInputSchema),
    defaultValues: { email: defaultEmail ?? '', code: defaultCode ?? '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await confirm.mutateAsync(values);
      toast.success(PASSWORD_RESET_DONE);
      navigate(paths.auth.login.getHref({ email: values.email }), { replace: true });
    } catch (error) {
      const failure = describeAuthError('confirmResetPassword', error);
      showAuthFailure(
        failure,
        ['email', 'code', 'password'],
        (field, message) => form.setError(field, { message }, { shouldFocus: true }),
        setFormError,
      );
    }
  });

  return (
    <form onSubmit={onSubmit} onInput={preloadAmplify} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <CodeField
        label="Reset code"
        hint={
          isLocal ? 'Local mode: the code is always 123456.' : 'The 6-digit code from the email we sent you.'
        }
        error={errors.code?.message}
        {...form.register('code')}
      />
      <NewPasswordField
        label="New password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" isPending={form.formState.isSubmitting}>
        Reset password
      </Button>
      <p className="text-center text-sm text-slate-600">
        <Link to={paths.auth.forgotPassword.getHref()} className="font-medium text-brand-700 hover:underline">
          Send a new code
        </Link>
      </p>
    </form>
  );
}
