// Sign-in for the SPA: a Cognito user pool (e-mail is the username), the `admin` group, and the
// public SPA client. spec §7 authentication: sign up {email, password, full_name}, verify by code.
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  AccountRecovery,
  FeaturePlan,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolGroup,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { PRODUCT_NAME } from '../domain/brand.ts';

/** spec §9: "Password minimum: 6 characters". */
export const PASSWORD_MIN_LENGTH = 6;
/** Cognito group whose members reach the admin area (`cognito:groups` claim). */
export const ADMIN_GROUP = 'admin';

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: `Your ${PRODUCT_NAME} verification code`,
        emailBody: 'Your verification code is {####}',
      },
      keepOriginal: { email: true },
      // spec §7 sign-up passes full_name; the standard `name` attribute carries it in the ID token.
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: true, mutable: true },
      },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Threat protection blocks sign-ups and sign-ins with leaked passwords and risky sign-ins,
      // which matters more than usual with the short minimum above.
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'spec §9 fixes the password minimum at 6 characters with no class rules; Plus-plan threat ' +
          'protection (compromised-credential checks) compensates.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'spec makes two-factor optional and opt-in per user (send-2fa-code-secure / verify-2fa-code-secure), ' +
          'so the pool cannot require MFA for every sign-in.',
      },
    );

    new UserPoolGroup(this, 'AdminGroup', {
      userPool: this.userPool,
      groupName: ADMIN_GROUP,
      description: 'Administrators: may call the admin routes (spec §2 admin routes, §6 roles)',
    });

    // The browser cannot keep a secret, so the client has none and signs in with SRP; the local stand-in
    // (cognito-local) only speaks USER_PASSWORD_AUTH, which the cloud client deliberately does not allow.
    this.userPoolClient = this.userPool.addClient('SpaClient', {
      generateSecret: false,
      // adminUserPassword: the server's password re-check before deleting an account (AdminInitiateAuth,
      // callable only with IAM credentials, never from a browser).
      authFlows: { userSrp: true, adminUserPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }
}
