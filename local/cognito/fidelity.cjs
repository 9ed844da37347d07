// Where cognito-local differs from Cognito in what the app meets, patched in its target table before it
// starts:
// - ResendConfirmationCode, which it lacks (the SPA's "Resend code" on /verify-email answered 500): as in
//   Cognito, an unknown user is UserNotFoundException, a confirmed one InvalidParameterException 'User is
//   already confirmed.', otherwise a new code is delivered (locally the fixed CODE, written to the
//   cognito-local log like every code) and its masked delivery details returned.
// - ChangePassword with a wrong current password: Cognito answers NotAuthorizedException 'Incorrect
//   username or password.', cognito-local InvalidPasswordException (a password-policy error).
// - AdminUserGlobalSignOut, which it lacks (below).
// - SignUp's ValidationData, which it does not pass to the pre sign-up trigger (below).
// - Cognito's lockout after repeated wrong passwords (below).
const { Targets } = require('cognito-local/lib/targets/targets.js');
const errors = require('cognito-local/lib/errors.js');
const { attributeValue } = require('cognito-local/lib/services/userPoolService.js');

function maskEmail(email) {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

const ResendConfirmationCode =
  ({ cognito, clock, messages, otp }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    if (user.UserStatus === 'CONFIRMED') throw new errors.InvalidParameterError('User is already confirmed.');
    const email = attributeValue('email', user.Attributes);
    if (!email) throw new errors.InvalidParameterError('User has no e-mail address to send a code to.');
    const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
    const code = otp();
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      deliveryDetails,
    );
    await userPool.saveUser(ctx, { ...user, UserLastModifiedDate: clock.get(), ConfirmationCode: code });
    return { CodeDeliveryDetails: { ...deliveryDetails, Destination: maskEmail(email) } };
  };

const originalChangePassword = Targets.ChangePassword;
const ChangePassword = (services) => {
  const change = originalChangePassword(services);
  return async (ctx, req) => {
    try {
      return await change(ctx, req);
    } catch (error) {
      if (error instanceof errors.InvalidPasswordError)
        throw new errors.NotAuthorizedError('Incorrect username or password.');
      throw error;
    }
  };
};

// AdminUserGlobalSignOut, which it lacks: as in Cognito, every refresh token of the user is revoked (a
// signed-out device can no longer renew its tokens); the API refuses the ID tokens already issued
// through its own revocation mark (functions/lib/sessions.ts).
const AdminUserGlobalSignOut =
  ({ cognito, clock }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [], UserLastModifiedDate: clock.get() });
    return {};
  };

// Sign-in lockout, which it lacks: Cognito locks a user out after 5 wrong passwords in a
// row, answering NotAuthorizedException 'Password attempts exceeded' (the SPA shows spec §8's rate-limit
// message), for a time that starts at 1 s and doubles with each further failure, up to 15 minutes; a
// right password at the end of the lockout resets the count. Kept in memory, per user name, and shared by
// InitiateAuth and AdminInitiateAuth (the server's password re-check before deleting an account), as in
// Cognito.
const LOCKOUT_AFTER = 5;
const LOCKOUT_MAX_MS = 15 * 60 * 1000;
const failures = new Map();
const withLockout = (original) => (services) => {
  const initiate = original(services);
  return async (ctx, req) => {
    const name = String(req.AuthParameters?.USERNAME ?? '').toLowerCase();
    if (!name || req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN')
      return initiate(ctx, req);
    const record = failures.get(name);
    if (record && Date.now() < record.lockedUntil)
      throw new errors.NotAuthorizedError('Password attempts exceeded');
    try {
      const result = await initiate(ctx, req);
      failures.delete(name);
      return result;
    } catch (error) {
      if (error instanceof errors.NotAuthorizedError || error instanceof errors.InvalidPasswordError) {
        const count = (record?.count ?? 0) + 1;
        const lockedUntil =
          count >= LOCKOUT_AFTER
            ? Date.now() + Math.min(LOCKOUT_MAX_MS, 1000 * 2 ** (count - LOCKOUT_AFTER))
            : 0;
        failures.set(name, { count, lockedUntil });
      }
      throw error;
    }
  };
};
const InitiateAuth = withLockout(Targets.InitiateAuth);
const AdminInitiateAuth = withLockout(Targets.AdminInitiateAuth);

// SignUp's ValidationData, which cognito-local does not hand its pre sign-up trigger (Cognito does, as
// request.validationData): the sign-up form's password digest travels there.
const originalSignUp = Targets.SignUp;
const SignUp = (services) => async (ctx, req) => {
  const triggers = Object.create(services.triggers);
  triggers.preSignUp = (triggerCtx, params) =>
    services.triggers.preSignUp(triggerCtx, {
      ...params,
      validationData: req.ValidationData
        ? Object.fromEntries(req.ValidationData.map(({ Name, Value }) => [Name, Value]))
        : undefined,
    });
  return originalSignUp({ ...services, triggers })(ctx, req);
};

Targets.SignUp = SignUp;
Targets.ResendConfirmationCode = ResendConfirmationCode;
Targets.ChangePassword = ChangePassword;
Targets.AdminUserGlobalSignOut = AdminUserGlobalSignOut;
Targets.InitiateAuth = InitiateAuth;
Targets.AdminInitiateAuth = AdminInitiateAuth;
module.exports = {
  SignUp,
  ResendConfirmationCode,
  ChangePassword,
  AdminUserGlobalSignOut,
  InitiateAuth,
  AdminInitiateAuth,
};
