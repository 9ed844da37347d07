// The auth stack: spec §9 password minimum, e-mail sign-in with verification by code, the Lite plan with
// the breached-password pre sign-up trigger, the admin group, and an SPA client that has no secret and
// signs in with SRP.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { type Props, resourcesOf, templateOf, testApp } from './test-app.ts';

let auth: Template;
let pool: Props;
beforeAll(() => {
  auth = templateOf(testApp().auth);
  pool = Object.values(resourcesOf(auth, 'AWS::Cognito::UserPool'))[0]!.Properties;
});

describe('user pool', () => {
  it('accepts passwords of 6 characters and more with no class rules (spec §9)', () => {
    expect(pool.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: 6,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    });
  });

  it('signs in by e-mail, lets people sign up, and verifies the e-mail by code', () => {
    expect(pool.UsernameAttributes).toEqual(['email']);
    expect(pool.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(false);
    expect(pool.AutoVerifiedAttributes).toEqual(['email']);
    expect(pool.VerificationMessageTemplate.DefaultEmailOption).toBe('CONFIRM_WITH_CODE');
  });

  it('requires the full name at sign-up', () => {
    expect(pool.Schema).toEqual(
      expect.arrayContaining([expect.objectContaining({ Name: 'name', Required: true })]),
    );
  });

  it('is on the Lite plan, with no threat-protection add-on, and is protected from deletion', () => {
    expect(pool.UserPoolTier).toBe('LITE');
    expect(pool.UserPoolAddOns).toBeUndefined();
    expect(pool.DeletionProtection).toBe('ACTIVE');
    auth.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });

  it('runs the breached-password check as its pre sign-up trigger, which Cognito may invoke', () => {
    const functions = resourcesOf(auth, 'AWS::Lambda::Function');
    const [triggerId] = Object.entries(functions).find(([, fn]) =>
      String(fn.Properties.Description).startsWith('auth-pre-sign-up:'),
    )!;

    expect(pool.LambdaConfig).toEqual({ PreSignUp: { 'Fn::GetAtt': [triggerId, 'Arn'] } });
    expect(functions[triggerId]!.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: 5,
    });
    auth.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [triggerId, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
  });

  it('has the admin group', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });
});

describe('SPA client', () => {
  it('has no secret and allows SRP but not plain password sign-in', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      PreventUserExistenceErrors: 'ENABLED',
    });
    const [client] = Object.values(resourcesOf(auth, 'AWS::Cognito::UserPoolClient'));
    expect(client!.Properties.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
  });
});
