// spec §2 Login: step 1 asks for the e-mail only; 'Continue' reveals the password (with show/hide) and
// 'Forgot your password?'. The sign-up link carries the invitation and e-mail over.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { journeyToast } from '../../../lib/toast.ts';
import { authToasts } from '@domain/auth-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';

import { paths } from '../../../config/paths.ts';
import { preloadAmplify } from '../../../lib/amplify-loader.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useSignIn, type SignInInput } from '../api/sign-in.ts';
import type * as SignInRules from '../api/sign-in-schema.ts';
import type * as AuthErrors from '../utils/cognito-errors.ts';
import { useSmallForm } from '../utils/small-form.ts';
import { EmailField } from './auth-fields.tsx';

/** The form's rules (and zod) load with the first input, off the screen's path; a failed load is tried
 * again at the next validation. */
let rules: Promise<typeof SignInRules> | null = null;
const loadRules = () => {
  rules ??= import('../api/sign-in-schema.ts').catch((error: unknown) => {
    rules = null;
    throw error;
  });
  return rules;
};
/** What a refused sign-in is told (cognito-errors.ts): loaded with the rules, used only after a click. */
let authErrors: Promise<typeof AuthErrors> | null = null;
const loadAuthErrors = () => {
  authErrors ??= import('../utils/cognito-errors.ts').catch((error: unknown) => {
    authErrors = null;
    throw error;
  });
  return authErrors;
};
const validateEmailStep = async (values: SignInInput) => (await loadRules()).validateEmailStep(values);
const validateSignIn = async (values: SignInInput) => (await loadRules()).validateSignIn(values);
const fieldOrder = ['email', 'password'] as const;

/** At the first input: Amplify (for the sign-in), the form's rules and its error messages. */
const preloadForSignIn = () => {
  preloadAmplify();
  loadRules().catch(() => undefined);
  loadAuthErrors().catch(() => undefined);
};

export interface LoginFormProps {
  defaultEmail: string | null;
  invite: string | null;
  /** The first sign-in of an account just created (AuthQuery.newAccount): welcomed as new. */
  newAccount?: boolean;
  /** At the click on 'Sign in' (the password step): the next screen's code can start loading. */
  onSigningIn?: () => void;
  /** Signed in, with the auth state updated: the next screen's data can be read (the button stays
   * pending until it is). */
  onSignedIn?: () => Promise<void>;
  /** The sign-in did not sign anyone in (refused, or another step is needed). */
  onSignInFailed?: () => void;
}

export function LoginForm({
  defaultEmail,
  invite,
  newAccount = false,
  onSigningIn,
  onSignedIn,
  onSignInFailed,
}: LoginFormProps) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const signIn = useSignIn();
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [formError, setFormError] = useState<string | null>(null);

  const form = useSmallForm<SignInInput>({
    validate: step === 'email' ? validateEmailStep : validateSignIn,
    defaultValues: { email: defaultEmail ?? '', password: '' },
    fields: fieldOrder,
  });
  const { errors, setFocus } = form;
  const typedEmail = form.values.email;

  useEffect(() => {
    if (step === 'password') setFocus('password');
  }, [step, setFocus]);

  const goToVerification = async (email: string) => {
    const { authErrorMessages } = await loadAuthErrors();
    journeyToast('info', authErrorMessages.notConfirmed);
    navigate(paths.auth.verifyEmail.getHref({ email, invite }));
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (step === 'email') {
      setStep('password');
      return;
    }
    onSigningIn?.();
    try {
      const outcome = await signIn.mutateAsync(values);
      switch (outcome.kind) {
        case 'signedIn':
          // With an invitation, the sign-in step that accepts it says what happened instead (spec §8).
          if (!invite) journeyToast('success', newAccount ? authToasts.welcomeNew : authToasts.welcomeBack);
          // The login route sends a signed-in user on (post-login navigation) once auth state updates.
          await refresh();
          await onSignedIn?.();
          return;
        case 'confirmSignUp':
          onSignInFailed?.();
          await goToVerification(values.email);
          return;
        case 'resetPassword':
          onSignInFailed?.();
          setFormError((await loadAuthErrors()).authErrorMessages.passwordResetRequired);
          return;
        case 'unsupportedStep':
          onSignInFailed?.();
          setFormError(`${authToasts.unexpected} (sign-in step ${outcome.step} is not supported yet)`);
          return;
      }
    } catch (error) {
      const messages = await loadAuthErrors().catch(() => null);
      if (!messages) {
        // The messages' code could not load (the connection went): the form says so in general terms.
        onSignInFailed?.();
        setFormError(authToasts.unexpected);
        return;
      }
      const { describeAuthError, showAuthFailure } = messages;
      const failure = describeAuthError('signIn', error);
      if (failure.kind === 'already_signed_in') {
        await refresh();
        await onSignedIn?.();
        return;
      }
      onSignInFailed?.();
      if (failure.kind === 'not_confirmed') return goToVerification(values.email);
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
    <form onSubmit={onSubmit} onInput={preloadForSignIn} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <EmailField autoComplete="username" autoFocus error={errors.email} {...form.register('email')} />
      {step === 'password' ? (
        <div className="space-y-2">
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={errors.password}
            {...form.register('password')}
          />
          <div className="text-right">
            <Link to={paths.auth.forgotPassword.getHref()} className="text-sm text-brand-700 hover:underline">
              Forgot your password?
            </Link>
          </div>
        </div>
      ) : null}
      <Button type="submit" className="w-full" isPending={form.isSubmitting}>
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
