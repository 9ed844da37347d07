// E-mail verification: the 6-digit code Cognito sent at sign-up (confirmSignUp), and re-sending it
// (spec §7 send-verification-email).
// Success sends the user to sign in with the e-mail filled in (spec §8 'Email verified! Please sign
// in to continue.').
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { journeyToast, toast } from '../../../lib/toast.ts';
import { authToasts } from '@domain/auth-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { preloadAmplify } from '../../../lib/amplify-loader.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  confirmSignUpInputSchema,
  resendCodeInputSchema,
  useConfirmSignUp,
  useResendSignUpCode,
  type ConfirmSignUpInput,
} from '../api/confirm-sign-up.ts';
import { describeAuthError, showAuthFailure } from '../utils/cognito-errors.ts';
import { CodeField, EmailField } from './auth-fields.tsx';

export interface VerifyEmailFormProps {
  defaultEmail: string | null;
  invite: string | null;
  /** Came straight from creating the account: carried to the sign-in (paths.ts AuthQuery). */
  newAccount?: boolean;
  /** Sign-up found this address signed up before and unconfirmed, and sent it a new code. */
  codeSentAgain?: boolean;
  /** Local stage: cognito-local uses one fixed code, printed by `npm start`. */
  isLocal: boolean;
}

export function VerifyEmailForm({
  defaultEmail,
  invite,
  newAccount = false,
  codeSentAgain = false,
  isLocal,
}: VerifyEmailFormProps) {
  const navigate = useNavigate();
  const confirm = useConfirmSignUp();
  const resend = useResendSignUpCode();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<ConfirmSignUpInput>({
    resolver: zodResolver(confirmSignUpInputSchema),
    defaultValues: { email: defaultEmail ?? '', code: '' },
  });
  const { errors } = form.formState;

  const goToLogin = (email: string) =>
    navigate(paths.auth.login.getHref({ email, invite, newAccount }), { replace: true });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await confirm.mutateAsync(values);
      journeyToast('success', authToasts.emailVerified);
      goToLogin(values.email);
    } catch (error) {
      const failure = describeAuthError('confirmSignUp', error);
      if (failure.kind === 'already_confirmed') {
        journeyToast('info', failure.message);
        goToLogin(values.email);
        return;
      }
      showAuthFailure(
        failure,
        ['email', 'code'],
        (field, message) => form.setError(field, { message }, { shouldFocus: true }),
        setFormError,
      );
    }
  });

  const onResend = async () => {
    setFormError(null);
    const parsed = resendCodeInputSchema.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      form.setError(
        'email',
        { message: parsed.error.issues[0]?.message ?? authToasts.unexpected },
        { shouldFocus: true },
      );
      return;
    }
    try {
      await resend.mutateAsync(parsed.data);
      toast.success(`We sent a new code to ${parsed.data.email}`);
    } catch (error) {
      if (error instanceof ApiError) {
        // The server's own words: spec §8's 'Too many verification attempts…', a field's message, or
        // the network message; a server fault is the generic one.
        setFormError(error.status >= 500 ? authToasts.unexpected : error.message);
        return;
      }
      const failure = describeAuthError('resendSignUpCode', error);
      showAuthFailure(
        failure,
        ['email'],
        (field, message) => form.setError(field, { message }),
        setFormError,
      );
    }
  };

  return (
    <form onSubmit={onSubmit} onInput={preloadAmplify} noValidate className="space-y-5">
      {codeSentAgain ? (
        <Alert tone="info">
          This email was signed up before but never confirmed, so we sent it a new code. Once it&apos;s
          confirmed, sign in with the password you chose then, or reset it with &apos;Forgot your
          password?&apos;.
        </Alert>
      ) : null}
      {isLocal ? <Alert tone="info">Local mode: the code is printed by npm start (fixed code)</Alert> : null}
      {formError ? <Alert>{formError}</Alert> : null}
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <CodeField autoFocus={Boolean(defaultEmail)} error={errors.code?.message} {...form.register('code')} />
      <Button type="submit" className="w-full" isPending={form.formState.isSubmitting}>
        Verify
      </Button>
      <div className="flex flex-col items-center gap-3 text-sm text-slate-600 sm:flex-row sm:justify-between">
        <Button variant="link" onClick={() => void onResend()} isPending={resend.isPending}>
          Resend code
        </Button>
        <Link
          to={paths.auth.login.getHref({ invite, email: defaultEmail, newAccount })}
          className="text-brand-700 hover:underline"
        >
          Back to sign in
        </Link>
      </div>
    </form>
  );
}
