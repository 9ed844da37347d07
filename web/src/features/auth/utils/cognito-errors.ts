// Every Cognito / Amplify Auth error the auth screens can meet, mapped in one place to what the user
// is told and where the message belongs. cognito-local differs from Cognito in two ways that matter
// here (TOOLING-NOTES.md): a wrong password is InvalidPasswordException rather than
// NotAuthorizedException, and an unsupported call (ResendConfirmationCode) answers "Unsupported".
import { authToasts, authValidation } from '@domain/auth-messages.ts';
import { BREACHED_PASSWORD_CODE, BREACHED_PASSWORD_MESSAGE } from '@domain/breached-passwords.ts';
import { errorMessages } from '@domain/errors.ts';

export type AuthOperation =
  'signIn' | 'signUp' | 'confirmSignUp' | 'resendSignUpCode' | 'resetPassword' | 'confirmResetPassword';

export type AuthFailureKind =
  | 'invalid_credentials'
  | 'not_confirmed'
  | 'password_reset_required'
  | 'already_signed_in'
  | 'user_exists'
  | 'invalid_email'
  | 'weak_password'
  | 'missing_field'
  | 'code_mismatch'
  | 'code_expired'
  | 'already_confirmed'
  | 'user_not_found'
  | 'rate_limit'
  | 'network'
  | 'unsupported_locally'
  | 'unknown';

export interface AuthFailure {
  kind: AuthFailureKind;
  message: string;
  /** The form field the message belongs beside; none for a form-level message. */
  field?: 'email' | 'password' | 'fullName' | 'code';
}

export const authErrorMessages = {
  invalidCredentials: 'Incorrect email or password. Please try again.',
  notConfirmed: 'Please verify your email address first. Enter the code we sent you.',
  passwordResetRequired: 'You need to reset your password before you can sign in.',
  alreadySignedIn: 'You are already signed in.',
  codeMismatch: 'Invalid verification code',
  codeExpired: 'This code has expired. Please request a new one.',
  alreadyConfirmed: 'Your email is already verified. Please sign in.',
  userNotFound: 'We could not find an account with this email.',
  codeRequired: 'Please enter the 6-digit code from your email',
  resendUnsupportedLocally: 'Local mode does not re-send codes: use the fixed code printed by npm start.',
  unsupportedLocally: 'This step is not available in local mode.',
} as const;

function parts(error: unknown): { name: string; message: string } {
  if (typeof error !== 'object' || error === null) return { name: '', message: String(error ?? '') };
  const record = error as { name?: unknown; message?: unknown };
  return {
    name: typeof record.name === 'string' ? record.name : '',
    message: typeof record.message === 'string' ? record.message : '',
  };
}

/** Cognito explains a password policy failure after "policy:"; keep the reasons, drop the prefix. */
function passwordPolicyReason(message: string): string {
  const reason = message.split(/policy:\s*/i)[1]?.trim();
  return reason ? `Password is too weak: ${reason}` : authValidation.passwordTooShort;
}

export function describeAuthError(operation: AuthOperation, error: unknown): AuthFailure {
  const { name, message } = parts(error);

  switch (name) {
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(message))
        return { kind: 'rate_limit', message: errorMessages.rate_limit };
      if (operation === 'confirmSignUp' && /CONFIRMED/.test(message)) {
        return { kind: 'already_confirmed', message: authErrorMessages.alreadyConfirmed };
      }
      // cognito-local answers an unknown user's confirmation with NotAuthorizedException.
      if (operation === 'confirmSignUp' || operation === 'resendSignUpCode') {
        return { kind: 'user_not_found', message: authErrorMessages.userNotFound, field: 'email' };
      }
      return {
        kind: 'invalid_credentials',
        message: authErrorMessages.invalidCredentials,
        field: 'password',
      };
    case 'InvalidPasswordException':
      // cognito-local's wrong password at sign-in; Cognito's password policy failure at sign-up.
      if (operation === 'signIn') {
        return {
          kind: 'invalid_credentials',
          message: authErrorMessages.invalidCredentials,
          field: 'password',
        };
      }
      return { kind: 'weak_password', message: passwordPolicyReason(message), field: 'password' };
    case 'UserNotFoundException':
      // At sign-in, do not reveal which e-mails have accounts.
      if (operation === 'signIn') {
        return {
          kind: 'invalid_credentials',
          message: authErrorMessages.invalidCredentials,
          field: 'password',
        };
      }
      return { kind: 'user_not_found', message: authErrorMessages.userNotFound, field: 'email' };
    case 'UserNotConfirmedException':
      return { kind: 'not_confirmed', message: authErrorMessages.notConfirmed };
    case 'PasswordResetRequiredException':
      return { kind: 'password_reset_required', message: authErrorMessages.passwordResetRequired };
    case 'UserAlreadyAuthenticatedException':
      return { kind: 'already_signed_in', message: authErrorMessages.alreadySignedIn };
    case 'UserLambdaValidationException':
      // The pre sign-up trigger refused a common breached password (functions/auth-pre-sign-up).
      if (message.includes(BREACHED_PASSWORD_CODE))
        return { kind: 'weak_password', message: BREACHED_PASSWORD_MESSAGE, field: 'password' };
      break;
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return { kind: 'user_exists', message: authToasts.accountExists, field: 'email' };
    case 'CodeMismatchException':
      return { kind: 'code_mismatch', message: authErrorMessages.codeMismatch, field: 'code' };
    case 'ExpiredCodeException':
      return { kind: 'code_expired', message: authErrorMessages.codeExpired, field: 'code' };
    case 'InvalidParameterException':
      if (/password/i.test(message))
        return { kind: 'weak_password', message: passwordPolicyReason(message), field: 'password' };
      if (/email|username/i.test(message)) {
        return { kind: 'invalid_email', message: authValidation.emailInvalid, field: 'email' };
      }
      break;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
    case 'CodeDeliveryFailureException':
      return { kind: 'rate_limit', message: errorMessages.rate_limit };
    case 'NetworkError':
      return { kind: 'network', message: errorMessages.network };
    case 'Unsupported':
      return {
        kind: 'unsupported_locally',
        message:
          operation === 'resendSignUpCode'
            ? authErrorMessages.resendUnsupportedLocally
            : authErrorMessages.unsupportedLocally,
      };
    // Amplify's own input checks (it refuses empty values before calling Cognito).
    case 'EmptySignInUsername':
    case 'EmptySignUpUsername':
    case 'EmptyConfirmSignUpUsername':
    case 'EmptyResendSignUpCodeUsername':
      return { kind: 'missing_field', message: authValidation.emailRequired, field: 'email' };
    case 'EmptySignInPassword':
    case 'EmptySignUpPassword':
      return { kind: 'missing_field', message: authValidation.passwordRequired, field: 'password' };
    case 'EmptyConfirmSignUpCode':
      return { kind: 'missing_field', message: authErrorMessages.codeRequired, field: 'code' };
    default:
      break;
  }
  if (error instanceof TypeError && /fetch|network/i.test(message)) {
    return { kind: 'network', message: errorMessages.network };
  }
  return { kind: 'unknown', message: authToasts.unexpected };
}

/**
 * Shows a failure where it belongs: beside its field when the form has that field, otherwise as the
 * form-level message.
 */
export function showAuthFailure<Field extends NonNullable<AuthFailure['field']>>(
  failure: AuthFailure,
  formFields: readonly Field[],
  setFieldError: (field: Field, message: string) => void,
  setFormError: (message: string) => void,
): void {
  const field = formFields.find((candidate) => candidate === failure.field);
  if (field) setFieldError(field, failure.message);
  else setFormError(failure.message);
}
