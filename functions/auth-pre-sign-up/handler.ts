// Cognito's pre sign-up trigger: refuses a sign-up whose password is one of the passwords seen most
// often in data breaches (domain/common-breached-passwords.ts), the rule that makes up for spec §5's
// 6-character minimum on Cognito's Lite plan (docs/decisions.md). Cognito shows no trigger the
// password, so the sign-up form sends its digest as validation data (`password_sha256`,
// breachCheckDigest); Cognito answers a refusal as UserLambdaValidationException carrying the message.
// A sign-up made without the form (no digest) is not checked: it can only choose its own account's
// password. Locally cognito-local invokes the same handler through the gateway's Lambda endpoint.
import { createHash } from 'node:crypto';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { BREACHED_PASSWORD_CODE, BREACHED_PASSWORD_MESSAGE } from '../../domain/breached-passwords.ts';
import { commonBreachedPasswords } from '../../domain/common-breached-passwords.ts';

export class BreachedPasswordError extends Error {
  constructor() {
    super(`${BREACHED_PASSWORD_CODE}: ${BREACHED_PASSWORD_MESSAGE}`);
    this.name = 'BreachedPasswordError';
  }
}

let digests: ReadonlySet<string> | undefined;

/** The list as breachCheckDigest forms it (about 50 ms once per cold start). */
function breachedDigests(): ReadonlySet<string> {
  digests ??= new Set(
    [...commonBreachedPasswords()].map((password) => createHash('sha256').update(password).digest('hex')),
  );
  return digests;
}

export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  const digest = event.request.validationData?.password_sha256;
  if (typeof digest === 'string' && breachedDigests().has(digest.toLowerCase())) {
    throw new BreachedPasswordError();
  }
  return event;
}
