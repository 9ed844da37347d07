// Amplify Auth from the runtime config: Cognito in the cloud, cognito-local (userPoolEndpoint) locally.
import { Amplify } from 'aws-amplify';
import { ConsoleLogger } from 'aws-amplify/utils';
import type { AppConfig } from '../config/app-config.ts';

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
