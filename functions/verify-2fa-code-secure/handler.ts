// spec §7 verify-2fa-code-secure: checks a setup or login code (an authenticator code, a sent code for
// this sign-in, or a recovery code); on success answers the sign-in's second-factor session token (and a
// device token when the device is trusted; setup always trusts it, spec §4) and, at setup, the 10
// recovery codes, shown once. A wrong code is 400 'Invalid verification code'.
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { verifyCode } from '../lib/two-factor.ts';

export const handler = httpHandler('verify-2fa-code-secure', {
  'POST /functions/verify-2fa-code-secure': route({
    body: functionBodies['verify-2fa-code-secure'],
    run: ({ caller, deps, body, event }) =>
      verifyCode(deps, dataFor(deps), caller, event, {
        code: body.code,
        codeType: body.codeType,
        deviceFingerprint: body.deviceFingerprint,
        trustDevice: body.trustDevice,
        method: body.method,
      }),
  }),
});
