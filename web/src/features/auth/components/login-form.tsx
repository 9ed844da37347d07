// spec §2 Login: step 1 asks for the e-mail only; 'Continue' reveals the password (with show/hide) and
// 'Forgot your password?'. The sign-up link carries the invitation and e-mail over.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { authToasts } from '@domain/auth-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';

import { paths } from '../../../config/paths.ts';
import { preloadAmplify } from '../../../lib/amplify-loader.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { emailStepSchema, signInInputSchema, useSignIn, type SignInInput } from '../api/sign-in.ts';
import { authErrorMessages, describeAuthError, showAuthFailure } from '../utils/cognito-errors.ts';
import { EmailField } from './auth-fields.tsx';

export interface LoginFormProps {
  defaultEmail: string | null;
  invite: string | null;
}

export function LoginForm({ defaultEmail, invite }: LoginFormProps) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const signIn = useSignIn();
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<SignInInput>({
    resolver: zodResolver(step === 'email' ? emailStepSchema : signInInputSchema),
    defaultValues: { email: defaultEmail ?? '', password: '' },
  });
  const { errors } = form.formState;
  const typedEmail = useWatch({ control: form.control, name: 'email' });

  useEffect(() => {
    if (step === 'password') form.setFocus('password');
  }, [step, form]);

  const goToVerification = (email: string) => {
    toast.info(authErrorMessages.notConfirmed);
    navigate(paths.auth.verifyEmail.getHref({ email, invite }));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (step === 'email') {
      setStep('password');
      return;
    }
    try {
      const outcome = await signIn.mutateAsync(values);
      switch (outcome.kind) {
        case 'signedIn':
          // With an invitation, the sign-in step that accepts it says what happened instead (spec §8).
          if (!invite) toast.success(authToasts.welcomeBack);
          // The login route sends a signed-in user on (post-login navigation) once auth state updates.
          await refresh();
          return;
        case 'confirmSignUp':
          goToVerification(values.email);
          return;
        case 'resetPassword':
          setFormError(authErrorMessages.passwordResetRequired);
          return;
        case 'unsupportedStep':
          setFormError(`${authToasts.unexpected} (sign-in step ${outcome.step} is not supported yet)`);
          return;
      }
    } catch (error) {
      const failure = describeAuthError('signIn', error);
      if (failure.kind === 'not_confirmed') return goToVerification(values.email);
      if (failure.kind === 'already_signed_in') {
        await refresh();
        return;
      }
      showAuthFailure(
        failure,
        ['email', 'password'],
        (field, message) => form.setError(field, { message }, { shouldFocus: true }),
        setFormError,
      );
    }
  });

  const signupHref = paths.auth.signup.getHref({ invite, email: typedEmail.trim() || defaultEmail });

  return (
    <form onSubmit={onSubmit} onInput={preloadAmplify} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <EmailField
        autoComplete="username"
        autoFocus
        error={errors.email?.message}
        {...form.register('email')}
      />
      {step === 'password' ? (
        <div className="space-y-2">
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <div className="text-right">
            <Link to={paths.auth.forgotPassword.getHref()} className="text-sm text-brand-700 hover:underline">
              Forgot your password?
            </Link>
          </div>
        </div>
      ) : null}
      <Button type="submit" className="w-full" isPending={form.formState.isSubmitting}>
        {step === 'email' ? 'Continue' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to={signupHref} className="font-medium text-brand-700 hover:underline">
          Sign up
        </Link>
      </p>
    </form>
  );
}
