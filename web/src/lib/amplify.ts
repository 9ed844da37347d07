// Amplify Auth from the runtime config: Cognito in the cloud, cognito-local (userPoolEndpoint) locally.
// Loaded only through lib/amplify-loader.ts (its own chunk, off the signed-out start's path): the auth
// functions the app calls are re-exported here, so every use of Amplify goes through the loader.
import { Amplify } from 'aws-amplify';
import { ConsoleLogger, Hub } from 'aws-amplify/utils';
import type { AppConfig } from '../config/app-config.ts';

export {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';

/** Calls `listener` with the name of each of Amplify's auth events (spec §4 Auth events). */
export function listenAuth(listener: (event: string) => void): () => void {
  return Hub.listen('auth', ({ payload }) => listener(payload.event));
}

export function configureAmplify(config: AppConfig): void {
  const settings = {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code' as const,
      },
    },
  };
  if (!config.cognitoEndpoint) {
    Amplify.configure(settings);
    return;
  }
  // Locally the user pool is cognito-local by design: Amplify's "You are using a custom … endpoint"
  // warning (one per page load) says nothing a developer can act on, so only that call is quieted.
  const level = ConsoleLogger.LOG_LEVEL;
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure(settings);
  } finally {
    ConsoleLogger.LOG_LEVEL = level;
  }
}
