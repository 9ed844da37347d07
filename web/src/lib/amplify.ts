// Amplify Auth from the runtime config: Cognito in the cloud, cognito-local (userPoolEndpoint) locally.
import { Amplify } from 'aws-amplify';
import type { AppConfig } from '../config/app-config.ts';

export function configureAmplify(config: AppConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
}
