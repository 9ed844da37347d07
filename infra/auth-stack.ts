// Sign-in for the SPA: a Cognito user pool (e-mail is the username) on the Lite plan, its pre sign-up
// trigger that refuses common breached passwords, the `admin` group, and the public SPA client.
// spec §7 authentication: sign up {email, password, full_name}, verify by code.
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  AccountRecovery,
  FeaturePlan,
  UserPool,
  UserPoolGroup,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { PRODUCT_NAME } from '../domain/brand.ts';
import type { CatalogEntry } from '../functions/catalog.ts';
import { CatalogFunction } from './catalog-function.ts';

/** spec §9: "Password minimum: 6 characters". */
export const PASSWORD_MIN_LENGTH = 6;
/** Cognito group whose members reach the admin area (`cognito:groups` claim). */
export const ADMIN_GROUP = 'admin';

/**
 * The user pool's pre sign-up trigger: Cognito invokes it, not the API, so it is no catalog route; it is
 * built with the catalog's house defaults all the same.
 */
export const PRE_SIGN_UP_ENTRY: CatalogEntry = {
  name: 'auth-pre-sign-up',
  kind: 'job',
  description:
    "Cognito pre sign-up trigger: refuses a common breached password (spec §5's 6-character minimum)",
  caller: 'internal',
  routes: [],
  handler: 'functions/auth-pre-sign-up/handler.ts',
  // Cognito waits at most 5 s for a trigger; the list's digests take about 50 ms on a cold start.
  timeoutSeconds: 5,
  memoryMb: 256,
};

export interface AuthStackProps extends StackProps {
  logRetention: RetentionDays;
}

export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The pre sign-up trigger (its alarms live with the others, infra/operations.ts). */
  readonly preSignUp: CatalogFunction;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
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
      // Lite: the product uses sign-up, SRP sign-in, password change and reset, groups and one trigger,
      // all in Lite. The short minimum above is made up for by the pre sign-up trigger's breached-password
      // check rather than Plus's threat protection, at about a quarter of the price (docs/decisions.md).
      featurePlan: FeaturePlan.LITE,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'spec §9 fixes the password minimum at 6 characters with no class rules; the pre sign-up ' +
          'trigger refuses the most common breached passwords to compensate (docs/decisions.md).',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus plan (threat protection) was chosen against on cost; the breached-password trigger and ' +
          "Cognito's sign-in lockout stand in for it (docs/decisions.md).",
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'spec makes two-factor optional and opt-in per user (send-2fa-code-secure / verify-2fa-code-secure), ' +
          'so the pool cannot require MFA for every sign-in.',
      },
    );

    const preSignUp = (this.preSignUp = new CatalogFunction(this, 'PreSignUp', {
      entry: PRE_SIGN_UP_ENTRY,
      logRetention: props.logRetention,
    }));
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, preSignUp.function);

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
