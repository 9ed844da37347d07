// Where cognito-local differs from Cognito in what the app meets, patched in its target table before it
// starts (issue 15):
// - ResendConfirmationCode, which it lacks (the SPA's "Resend code" on /verify-email answered 500): as in
//   Cognito, an unknown user is UserNotFoundException, a confirmed one InvalidParameterException 'User is
//   already confirmed.', otherwise a new code is delivered (locally the fixed CODE, written to the
//   cognito-local log like every code) and its masked delivery details returned.
// - ChangePassword with a wrong current password: Cognito answers NotAuthorizedException 'Incorrect
//   username or password.', cognito-local InvalidPasswordException (a password-policy error).
// - AdminUserGlobalSignOut, which it lacks (below).
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

Targets.ResendConfirmationCode = ResendConfirmationCode;
Targets.ChangePassword = ChangePassword;
Targets.AdminUserGlobalSignOut = AdminUserGlobalSignOut;
module.exports = { ResendConfirmationCode, ChangePassword, AdminUserGlobalSignOut };
