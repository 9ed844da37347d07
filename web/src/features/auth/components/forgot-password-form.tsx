// /forgot-password: asks for the e-mail, has Cognito send a reset code, then goes to /reset-password
// with the e-mail filled in.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

import { paths } from '../../../config/paths.ts';
import { preloadAmplify } from '../../../lib/amplify-loader.ts';
import {
  requestResetInputSchema,
  useRequestPasswordReset,
  type RequestResetInput,
} from '../api/reset-password.ts';
import { describeAuthError } from '../utils/cognito-errors.ts';
import { EmailField } from './auth-fields.tsx';

export const RESET_CODE_SENT = 'If an account exists for this email, we sent a code to reset your password.';

export function ForgotPasswordForm({ defaultEmail }: { defaultEmail: string | null }) {
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RequestResetInput>({
    resolver: zodResolver(requestResetInputSchema),
    defaultValues: { email: defaultEmail ?? '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
      toast.success(RESET_CODE_SENT);
      navigate(
        `${paths.auth.resetPassword.getHref()}?${new URLSearchParams({ email: values.email }).toString()}`,
      );
    } catch (error) {
      setFormError(describeAuthError('resetPassword', error).message);
    }
  });

  return (
    <form onSubmit={onSubmit} onInput={preloadAmplify} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
      <Button type="submit" className="w-full" isPending={form.formState.isSubmitting}>
        Send reset code
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to={paths.auth.login.getHref()} className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
