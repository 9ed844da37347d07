// spec §2 Signup, 'Create your account': e-mail, full name, password. The e-mail is locked when it
// arrives with an invitation. In the full flow this form follows the 3-step questionnaire.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { journeyToast, toast } from '../../../lib/toast.ts';
import { authToasts } from '@domain/auth-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { paths } from '../../../config/paths.ts';
import { preloadAmplify } from '../../../lib/amplify-loader.ts';
import { signUpInputSchema, useSignUp, type SignUpInput } from '../api/sign-up.ts';
import { describeAuthError, showAuthFailure } from '../utils/cognito-errors.ts';
import { EmailField, NewPasswordField } from './auth-fields.tsx';

export interface CreateAccountFormProps {
  defaultEmail: string | null;
  invite: string | null;
}

export function CreateAccountForm({ defaultEmail, invite }: CreateAccountFormProps) {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const emailLocked = Boolean(invite && defaultEmail);

  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpInputSchema),
    defaultValues: { email: defaultEmail ?? '', fullName: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const outcome = await signUp.mutateAsync(values);
      // newAccount travels to the first sign-in, which welcomes a new account (and whose invitation
      // toast says the account is new).
      const query = { email: values.email, invite, newAccount: true };
      if (outcome.kind === 'codeSentAgain') {
        journeyToast('success', authToasts.codeSentAgain);
        navigate(paths.auth.verifyEmail.getHref({ ...query, codeSentAgain: true }));
        return;
      }
      // spec §8: the account exists but has no session until the e-mail is verified.
      journeyToast('success', authToasts.accountCreated);
      navigate(
        outcome.kind === 'confirmSignUp'
          ? paths.auth.verifyEmail.getHref(query)
          : paths.auth.login.getHref(query),
      );
    } catch (error) {
      const failure = describeAuthError('signUp', error);
      if (failure.kind === 'user_exists') {
        toast.error(failure.message);
        // spec §8: with an invitation, go to sign-in carrying the invitation and e-mail.
        if (invite) {
          navigate(paths.auth.login.getHref({ email: values.email, invite }));
          return;
        }
      }
      showAuthFailure(
        failure,
        ['email', 'fullName', 'password'],
        (field, message) => form.setError(field, { message }, { shouldFocus: true }),
        setFormError,
      );
    }
  });

  return (
    <form onSubmit={onSubmit} onInput={preloadAmplify} noValidate className="space-y-5">
      {formError ? <Alert>{formError}</Alert> : null}
      <EmailField
        readOnly={emailLocked}
        hint={emailLocked ? 'This is the email your invitation was sent to.' : undefined}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...form.register('fullName')}
      />
      <NewPasswordField error={errors.password?.message} {...form.register('password')} />
      <Button type="submit" className="w-full" isPending={form.formState.isSubmitting}>
        Create account
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link
          to={paths.auth.login.getHref({ invite, email: defaultEmail })}
          className="font-medium text-brand-700 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}
