// Verifies a Cognito ID token the way API Gateway's JWT authorizer does (signature from the pool's
// JWKS, issuer, audience = the app client, not expired): the local gateway's HTTP routes and the
// realtime $connect route (which has no JWT authorizer in the cloud) share it.
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

export interface CognitoTokenOptions {
  /** `https://cognito-idp.{region}.amazonaws.com/{poolId}` (cognito-local: `http://127.0.0.1:9229/{poolId}`). */
  issuer: string;
  /** The SPA's app client: an ID token's `aud`. */
  clientId: string;
}

export class InvalidTokenError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'InvalidTokenError';
  }
}

export type TokenVerifier = (token: string | undefined) => Promise<JWTPayload & { sub: string }>;

/** One JWKS cache per issuer; keys are fetched on first use and when an unknown kid appears. */
export function cognitoTokenVerifier({ issuer, clientId }: CognitoTokenOptions): TokenVerifier {
  const base = issuer.replace(/\/+$/, '');
  const jwks = createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`));
  return async (token) => {
    if (!token) throw new InvalidTokenError('missing token');
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: base, audience: clientId });
      // The SPA sends ID tokens (docs/decisions.md); an access token has no `aud` and never gets here.
      if (payload.token_use !== undefined && payload.token_use !== 'id') {
        throw new InvalidTokenError('not an ID token');
      }
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new InvalidTokenError('no subject');
      return payload as JWTPayload & { sub: string };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError('token refused', { cause: error });
    }
  };
}
