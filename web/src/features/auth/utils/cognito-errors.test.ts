import { describe, expect, it } from 'vitest';
import { describeAuthError, showAuthFailure, type AuthOperation } from './cognito-errors.ts';

const cognito = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('describeAuthError', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.'],
    // cognito-local's answer to a wrong password.
    ['InvalidPasswordException', 'Invalid password'],
    ['UserNotFoundException', 'User does not exist.'],
  ])('reads %s at sign-in as invalid credentials beside the password', (name, message) => {
    expect(describeAuthError('signIn', cognito(name, message))).toEqual({
      kind: 'invalid_credentials',
      message: 'Incorrect email or password. Please try again.',
      field: 'password',
    });
  });

  it('sends an unconfirmed user to confirm their code', () => {
    expect(describeAuthError('signIn', cognito('UserNotConfirmedException')).kind).toBe('not_confirmed');
  });

  it('reads too many password attempts as a rate limit, not a wrong password', () => {
    expect(
      describeAuthError('signIn', cognito('NotAuthorizedException', 'Password attempts exceeded')),
    ).toMatchObject({
      kind: 'rate_limit',
      message: 'Too many requests. Please wait a moment and try again.',
    });
  });

  it('uses the spec message for an existing account at sign-up', () => {
    expect(describeAuthError('signUp', cognito('UsernameExistsException', 'User already exists'))).toEqual({
      kind: 'user_exists',
      message: 'An account with this email already exists. Please sign in instead.',
      field: 'email',
    });
  });

  it('keeps the password policy reasons at sign-up', () => {
    const error = cognito(
      'InvalidPasswordException',
      'Password did not conform with policy: Password must have numeric characters',
    );
    expect(describeAuthError('signUp', error)).toEqual({
      kind: 'weak_password',
      message: 'Password is too weak: Password must have numeric characters',
      field: 'password',
    });
  });

  it("shows the pre sign-up trigger's refusal of a breached password beside the password", () => {
    // Cognito's words for a trigger's refusal (cognito-local names the function instead of the trigger).
    const error = cognito(
      'UserLambdaValidationException',
      'PreSignUp failed with error breached_password: This password is too common and has appeared in data breaches. Please choose a different password..',
    );
    expect(describeAuthError('signUp', error)).toEqual({
      kind: 'weak_password',
      message:
        'This password is too common and has appeared in data breaches. Please choose a different password.',
      field: 'password',
    });
    expect(
      describeAuthError(
        'signUp',
        cognito('UserLambdaValidationException', 'PreSignUp failed with error boom.'),
      ),
    ).toMatchObject({ kind: 'unknown' });
  });

  it('puts an invalid e-mail beside the e-mail field', () => {
    expect(
      describeAuthError('signUp', cognito('InvalidParameterException', 'Username should be an email.')),
    ).toMatchObject({
      kind: 'invalid_email',
      field: 'email',
    });
  });

  it.each([
    ['CodeMismatchException', 'code_mismatch', 'Invalid verification code'],
    ['ExpiredCodeException', 'code_expired', 'This code has expired. Please request a new one.'],
  ])('reads %s at confirmation beside the code', (name, kind, message) => {
    expect(describeAuthError('confirmSignUp', cognito(name))).toEqual({ kind, message, field: 'code' });
  });

  it('tells an already confirmed user to sign in', () => {
    const error = cognito('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
    expect(describeAuthError('confirmSignUp', error).kind).toBe('already_confirmed');
  });

  it("reads cognito-local's NotAuthorizedException for an unknown user at confirmation as no such account", () => {
    expect(
      describeAuthError('confirmSignUp', cognito('NotAuthorizedException', 'User not authorized')),
    ).toMatchObject({
      kind: 'user_not_found',
      field: 'email',
    });
  });

  it('explains that local mode does not re-send codes', () => {
    expect(
      describeAuthError('resendSignUpCode', cognito('Unsupported', 'Cognito Local unsupported feature')),
    ).toMatchObject({
      kind: 'unsupported_locally',
      message: expect.stringContaining('fixed code printed by npm start'),
    });
  });

  it.each<[AuthOperation, string]>([
    ['signIn', 'LimitExceededException'],
    ['resendSignUpCode', 'TooManyRequestsException'],
    ['confirmSignUp', 'TooManyFailedAttemptsException'],
  ])('reads a %s throttle (%s) as a rate limit', (operation, name) => {
    expect(describeAuthError(operation, cognito(name)).kind).toBe('rate_limit');
  });

  it('reads network failures with the spec §8 message', () => {
    expect(describeAuthError('signIn', cognito('NetworkError', 'A network error has occurred.'))).toEqual({
      kind: 'network',
      message: 'Connection issue. Please check your internet connection.',
    });
    expect(describeAuthError('signUp', new TypeError('Failed to fetch')).kind).toBe('network');
  });

  it("maps Amplify's own empty-field checks to the spec §5 messages", () => {
    expect(describeAuthError('signIn', cognito('EmptySignInUsername'))).toMatchObject({
      message: 'Please enter your email address',
      field: 'email',
    });
    expect(describeAuthError('signIn', cognito('EmptySignInPassword'))).toMatchObject({
      message: 'Please enter your password',
      field: 'password',
    });
  });

  it('falls back to the spec message for anything else', () => {
    expect(describeAuthError('signIn', new Error('???'))).toEqual({
      kind: 'unknown',
      message: 'An unexpected error occurred',
    });
    expect(describeAuthError('signUp', 'weird').kind).toBe('unknown');
  });
});

describe('showAuthFailure', () => {
  function place(failure: Parameters<typeof showAuthFailure>[0], fields: readonly ('email' | 'code')[]) {
    const shown: string[] = [];
    showAuthFailure(
      failure,
      fields,
      (field, message) => shown.push(`${field}: ${message}`),
      (message) => shown.push(`form: ${message}`),
    );
    return shown;
  }

  it('puts a field message beside that field when the form has it', () => {
    expect(
      place({ kind: 'code_mismatch', message: 'Invalid verification code', field: 'code' }, [
        'email',
        'code',
      ]),
    ).toEqual(['code: Invalid verification code']);
  });

  it('falls back to the form message when the form lacks the field or the failure has none', () => {
    expect(
      place({ kind: 'weak_password', message: 'Too short', field: 'password' }, ['email', 'code']),
    ).toEqual(['form: Too short']);
    expect(place({ kind: 'network', message: 'Offline' }, ['email'])).toEqual(['form: Offline']);
  });
});
