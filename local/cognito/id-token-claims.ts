// cognito-local's ID tokens carry only e-mail and custom attributes; real Cognito ID tokens also carry
// the user's standard attributes (name, …). The local gateway adds them here, in this one place, so
// handlers see the same claims as behind the cloud's JWT authorizer. Keyed by the token's jti, so a
// token's claims stay what they were when it was issued, as in the cloud.
import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { JWTPayload } from 'jose';

const STANDARD_ATTRIBUTES = new Set([
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'phone_number_verified',
  'address',
  'updated_at',
]);

export function standardClaimsEnricher(client: CognitoIdentityProviderClient, userPoolId: string) {
  const byToken = new Map<string, Promise<JWTPayload>>();
  return (payload: JWTPayload): Promise<JWTPayload> => {
    const username = payload['cognito:username'];
    if (payload.token_use !== 'id' || typeof username !== 'string') return Promise.resolve(payload);
    const key = payload.jti ?? `${username}:${payload.iat}`;
    let enriched = byToken.get(key);
    if (!enriched) {
      enriched = client
        .send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }))
        .then((user) => {
          const extra: Record<string, string> = {};
          for (const attribute of user.UserAttributes ?? []) {
            if (attribute.Name && attribute.Value !== undefined && STANDARD_ATTRIBUTES.has(attribute.Name)) {
              extra[attribute.Name] = attribute.Value;
            }
          }
          return { ...extra, ...payload };
        });
      byToken.set(key, enriched);
      enriched.catch(() => byToken.delete(key));
    }
    return enriched;
  };
}
