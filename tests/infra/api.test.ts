// The API stack against the function catalog: one Lambda per entry, every route wired to its entry's
// function, the JWT authorizer exactly on user and admin routes, and least-privilege extras.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { allRoutes, catalog } from '../../functions/catalog.ts';
import { buildVersion } from '../../infra/build-version.ts';
import { DEFAULT_COACH_MODEL } from '../../infra/app.ts';
import { extraAccess } from '../../infra/function-access.ts';
import type { CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { type Props, resourcesOf, templateOf, TEST_REGION, TEST_WEB_ORIGIN, testApp } from './test-app.ts';

let api: Template;
let functionsByName: Map<string, { logicalId: string; props: Props }>;

beforeAll(() => {
  api = templateOf(testApp().api);
  functionsByName = new Map(
    Object.entries(resourcesOf(api, 'AWS::Lambda::Function')).map(([logicalId, fn]) => {
      const props = fn.Properties;
      return [props.Environment.Variables.CATALOG_NAME as string, { logicalId, props }];
    }),
  );
});

const refOf = (value: unknown): string | undefined => {
  const v = value as Props;
  return v?.Ref ?? v?.['Fn::GetAtt']?.[0];
};

/** Resources of one type that belong to the HTTP API (the realtime WebSocket API has its own). */
const ofHttpApi = (type: string) => {
  const [httpApiId] = Object.entries(resourcesOf(api, 'AWS::ApiGatewayV2::Api')).find(
    ([, r]) => r.Properties.ProtocolType === 'HTTP',
  )!;
  return Object.fromEntries(
    Object.entries(resourcesOf(api, type)).filter(([, r]) => refOf(r.Properties.ApiId) === httpApiId),
  );
};

describe('functions', () => {
  it('creates exactly one Lambda per catalog entry, named by CATALOG_NAME', () => {
    const lambdas = resourcesOf(api, 'AWS::Lambda::Function');
    expect(Object.keys(lambdas)).toHaveLength(catalog.length);
    expect([...functionsByName.keys()].sort()).toEqual(catalog.map((e) => e.name).sort());
  });

  it('runs each function on Node 22 arm64 with the timeout and memory of its entry', () => {
    for (const entry of catalog) {
      const { props } = functionsByName.get(entry.name)!;
      expect(props, entry.name).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Timeout: entry.timeoutSeconds,
        MemorySize: entry.memoryMb,
      });
      expect(props.Environment.Variables, entry.name).toHaveProperty('TABLE_NAME');
      // /admin/system names the server build: the deployed commit unless BUILD_VERSION says otherwise.
      expect(props.Environment.Variables.BUILD_VERSION, entry.name).toBe(buildVersion());
      expect(props.Environment.Variables, entry.name).toHaveProperty('EVENT_BUS_NAME');
    }
  });

  it('gives every function its own log group with a retention', () => {
    const logGroups = resourcesOf(api, 'AWS::Logs::LogGroup');
    const used = catalog.map((entry) =>
      refOf(functionsByName.get(entry.name)!.props.LoggingConfig?.LogGroup),
    );
    expect(new Set(used).size).toBe(catalog.length);
    for (const id of used) expect(logGroups[id!]?.Properties.RetentionInDays).toBeGreaterThan(0);
  });

  // No policy allows dynamodb:Scan at all: tests/infra/no-scan.test.ts.
  it('uses no AWS managed execution policy', () => {
    for (const role of Object.values(resourcesOf(api, 'AWS::IAM::Role'))) {
      expect(JSON.stringify(role.Properties.ManagedPolicyArns ?? [])).not.toContain('iam::aws:policy');
    }
  });
});

describe('least privilege beyond the table', () => {
  const policyOf = (name: string): string => {
    const fn = functionsByName.get(name)!;
    const roleId = refOf(fn.props.Role);
    const policies = Object.values(resourcesOf(api, 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`),
    );
    return JSON.stringify(policies.map((p) => p.Properties.PolicyDocument));
  };

  it('names only real catalog entries in the access table', () => {
    const names = new Set(catalog.map((e) => e.name));
    for (const name of Object.keys(extraAccess)) expect(names, name).toContain(name);
  });

  it('lets the token exchange wrap tokens and the sync only unwrap them', () => {
    expect(policyOf('plaid-exchange-token')).toContain('kms:GenerateDataKey');
    expect(policyOf('plaid-transactions-sync')).toContain('kms:Decrypt');
    expect(policyOf('plaid-transactions-sync')).not.toContain('kms:GenerateDataKey');
    expect(functionsByName.get('plaid-exchange-token')!.props.Environment.Variables).toHaveProperty(
      'PLAID_SECRET_ARN',
    );
  });

  it('keeps provider secrets and the token key away from functions that do not call providers', () => {
    const plan = functionsByName.get('money-plan')!;
    expect(policyOf('money-plan')).not.toContain('secretsmanager:');
    expect(policyOf('money-plan')).not.toContain('kms:');
    expect(Object.keys(plan.props.Environment.Variables)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(PLAID|STRIPE)_/)]),
    );
  });

  it('lets only the profiles function re-check a password and delete a user (delete my account)', () => {
    expect(policyOf('profiles')).toContain('cognito-idp:AdminInitiateAuth');
    expect(policyOf('profiles')).toContain('cognito-idp:AdminDeleteUser');
    for (const name of functionsByName.keys())
      if (name !== 'profiles') {
        expect(policyOf(name), name).not.toContain('cognito-idp:AdminDeleteUser');
        expect(policyOf(name), name).not.toContain('cognito-idp:AdminInitiateAuth');
      }
  });

  it('lets only the coach call Bedrock, and only its configured model', () => {
    const coach = policyOf('coach');
    expect(coach).toContain('bedrock:InvokeModel');
    expect(coach).toContain('bedrock:InvokeModelWithResponseStream');
    expect(coach).toContain(`foundation-model/${DEFAULT_COACH_MODEL}`);
    expect(coach).not.toMatch(/foundation-model\/\*/);
    expect(functionsByName.get('coach')!.props.Environment.Variables).toMatchObject({
      COACH_BEDROCK_MODEL_ID: DEFAULT_COACH_MODEL,
    });
    for (const name of functionsByName.keys())
      if (name !== 'coach') expect(policyOf(name), name).not.toContain('bedrock:');
  });
});

describe('routes', () => {
  const routable = allRoutes.filter(({ entry }) => entry.caller !== 'internal');

  it('adds every catalog route once and nothing else', () => {
    const keys = Object.values(ofHttpApi('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(routable.map(({ route }) => `${route.method} ${route.path}`).sort());
  });

  it('has no local-only route: the outbox (every invitation link) exists only under npm start', () => {
    const template = JSON.stringify(api.toJSON());
    expect(template).not.toContain('__outbox');
    expect(template).not.toContain('__sandbox');
  });

  it('puts the JWT authorizer on user and admin routes and none on public and webhook routes', () => {
    const routes = Object.values(ofHttpApi('AWS::ApiGatewayV2::Route'));
    const [authorizerId] = Object.keys(resourcesOf(api, 'AWS::ApiGatewayV2::Authorizer'));
    for (const { entry, route } of routable) {
      const key = `${route.method} ${route.path}`;
      const props = routes.find((r) => r.Properties.RouteKey === key)?.Properties;
      expect(props, key).toBeDefined();
      if (entry.caller === 'user' || entry.caller === 'admin') {
        expect(props!.AuthorizationType, key).toBe('JWT');
        expect(props!.AuthorizerId, key).toEqual({ Ref: authorizerId });
      } else {
        expect(props!.AuthorizationType, key).toBe('NONE');
        expect(props!.AuthorizerId, key).toBeUndefined();
      }
    }
  });

  it('sends each route to the function of its own entry', () => {
    const integrations = resourcesOf(api, 'AWS::ApiGatewayV2::Integration');
    const nameByFunctionId = new Map([...functionsByName].map(([name, fn]) => [fn.logicalId, name]));
    for (const route of Object.values(ofHttpApi('AWS::ApiGatewayV2::Route'))) {
      const props = route.Properties;
      const integrationId = props.Target['Fn::Join'][1][1].Ref as string;
      const functionId = refOf(integrations[integrationId]?.Properties.IntegrationUri);
      const expected = allRoutes.find(({ route: r }) => `${r.method} ${r.path}` === props.RouteKey)!.entry
        .name;
      expect(nameByFunctionId.get(functionId!), props.RouteKey).toBe(expected);
    }
  });

  it('validates Cognito ID tokens: audience is the SPA client, issuer the user pool', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
    const { auth } = testApp();
    const logicalId = (construct: IConstruct) => auth.getLogicalId(construct.node.defaultChild as CfnElement);
    const [authorizer] = Object.values(resourcesOf(api, 'AWS::ApiGatewayV2::Authorizer'));
    const { Audience, Issuer } = authorizer!.Properties.JwtConfiguration;
    expect(JSON.stringify(Audience)).toContain(logicalId(auth.userPoolClient));
    expect(JSON.stringify(Issuer)).toContain(`https://cognito-idp.${TEST_REGION}.amazonaws.com/`);
    expect(JSON.stringify(Issuer)).toContain(logicalId(auth.userPool));
  });
});

describe('stage and CORS', () => {
  it('logs access as JSON and throttles the default stage', () => {
    const [stage] = Object.values(ofHttpApi('AWS::ApiGatewayV2::Stage'));
    const props = stage!.Properties;
    expect(props.StageName).toBe('$default');
    expect(props.AutoDeploy).toBe(true);
    expect(props.AccessLogSettings.DestinationArn).toBeDefined();
    expect(JSON.parse(props.AccessLogSettings.Format)).toMatchObject({ requestId: '$context.requestId' });
    expect(props.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(props.DefaultRouteSettings.ThrottlingBurstLimit).toBeGreaterThan(0);
  });

  it('throttles every public route on its own, tighter than the stage', () => {
    const [stage] = Object.values(ofHttpApi('AWS::ApiGatewayV2::Stage'));
    const settings = stage!.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    const publicKeys = allRoutes
      .filter(({ entry }) => entry.caller === 'public')
      .map(({ route }) => `${route.method} ${route.path}`)
      .sort();
    expect(publicKeys.length).toBeGreaterThan(4);
    expect(Object.keys(settings).sort()).toEqual(publicKeys);
    for (const key of publicKeys) {
      expect(settings[key]!.ThrottlingRateLimit, key).toBeLessThan(
        stage!.Properties.DefaultRouteSettings.ThrottlingRateLimit,
      );
      expect(settings[key]!.ThrottlingBurstLimit, key).toBeGreaterThan(0);
    }
  });

  it('allows the SPA origin with the Authorization header and exposes the correlation id', () => {
    const [httpApi] = Object.values(resourcesOf(api, 'AWS::ApiGatewayV2::Api')).filter(
      (r) => r.Properties.ProtocolType === 'HTTP',
    );
    const cors = httpApi!.Properties.CorsConfiguration;
    expect(cors.AllowOrigins).toEqual([TEST_WEB_ORIGIN]);
    expect(cors.AllowHeaders).toContain('authorization');
    expect(cors.ExposeHeaders).toContain('x-correlation-id');
    expect(cors.AllowCredentials).toBe(false);
  });
});

describe('e-mail', () => {
  it('sends through one SES configuration set whose events reach the default EventBridge bus', () => {
    api.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    api.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: Match.arrayWith(['delivery', 'bounce', 'complaint']),
        EventBridgeDestination: { EventBusArn: Match.stringLikeRegexp('event-bus/default$') },
      }),
    });
    const [setId] = Object.keys(resourcesOf(api, 'AWS::SES::ConfigurationSet'));
    for (const name of Object.keys(extraAccess).filter((n) => extraAccess[n]!.includes('email'))) {
      const vars = functionsByName.get(name)!.props.Environment.Variables;
      expect(refOf(vars.EMAIL_CONFIGURATION_SET), name).toBe(setId);
      expect(vars.API_URL, name).toBeDefined();
    }
  });
});
