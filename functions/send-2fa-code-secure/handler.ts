// spec §7 send-2fa-code-secure: a 6-digit code by e-mail or SMS, for setup or for the sign-in's code step
// (a login code goes where 2FA was set up, whatever the body says). 5 sends per 15 minutes → 429 with
// spec §8's message. Part of the code step: answered before the sign-in has passed its second factor.
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { sendCode } from '../lib/two-factor.ts';

export const handler = httpHandler('send-2fa-code-secure', {
  'POST /functions/send-2fa-code-secure': route({
    body: functionBodies['send-2fa-code-secure'],
    run: ({ caller, deps, body, event }) =>
      sendCode(deps, dataFor(deps), caller, event, {
        method: body.method,
        codeType: body.codeType,
        phoneNumber: body.phoneNumber,
      }),
  }),
});
