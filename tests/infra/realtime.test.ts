// The realtime WebSocket API: its routes go to the catalog's realtime function, the
// stage logs and throttles, $connect's handler gets the pool to verify tokens against, and only the
// publisher may post to connections — on this API's stage, POST only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { catalog } from '../../functions/catalog.ts';
import { REALTIME_EVENTS } from '../../events/realtime.ts';
import { type Props, resourcesOf, templateOf, TEST_REGION, testApp } from './test-app.ts';

let api: Template;
let jobs: Template;
let wsApiId: string;
const fnByName = new Map<string, { logicalId: string; props: Props }>();

const refOf = (value: unknown): string | undefined => {
  const v = value as Props;
  return v?.Ref ?? v?.['Fn::GetAtt']?.[0];
};

beforeAll(() => {
  api = templateOf(testApp().api);
  jobs = templateOf(testApp().jobs);
  for (const [logicalId, fn] of Object.entries(resourcesOf(api, 'AWS::Lambda::Function')))
    fnByName.set(fn.Properties.Environment.Variables.CATALOG_NAME as string, {
      logicalId,
      props: fn.Properties,
    });
  [wsApiId] = Object.entries(resourcesOf(api, 'AWS::ApiGatewayV2::Api')).find(
    ([, r]) => r.Properties.ProtocolType === 'WEBSOCKET',
  )!;
});

const ofWsApi = (type: string) =>
  Object.values(resourcesOf(api, type)).filter((r) => refOf(r.Properties.ApiId) === wsApiId);

/** The IAM policies attached to a catalog function's role, as one JSON string. */
const policyOf = (name: string): string => {
  const roleId = refOf(fnByName.get(name)!.props.Role);
  return JSON.stringify(
    Object.values(resourcesOf(api, 'AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p.Properties.Roles).includes(`"${roleId}"`))
      .map((p) => p.Properties.PolicyDocument),
  );
};

describe('realtime WebSocket API', () => {
  it('routes $connect, $disconnect and $default to the realtime function, $default two-way', () => {
    const entry = catalog.find((e) => e.websocketRoutes?.length)!;
    const routes = ofWsApi('AWS::ApiGatewayV2::Route');
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual([...entry.websocketRoutes!].sort());
    const integrations = resourcesOf(api, 'AWS::ApiGatewayV2::Integration');
    for (const route of routes) {
      const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref as string;
      const uri = JSON.stringify(integrations[integrationId]!.Properties.IntegrationUri);
      expect(uri, route.Properties.RouteKey).toContain(fnByName.get(entry.name)!.logicalId);
    }
    const [response] = ofWsApi('AWS::ApiGatewayV2::RouteResponse');
    expect(response!.Properties.RouteResponseKey).toBe('$default');
  });

  it('logs access without the connect URL (it carries the token) and throttles the stage', () => {
    const [stage] = ofWsApi('AWS::ApiGatewayV2::Stage');
    const props = stage!.Properties;
    expect(props.StageName).toBe('live');
    const format = JSON.parse(props.AccessLogSettings.Format) as Record<string, string>;
    expect(format).toMatchObject({ routeKey: '$context.routeKey', connectionId: '$context.connectionId' });
    expect(props.AccessLogSettings.Format).not.toMatch(/querystring|path|token/i);
    expect(props.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
  });

  it("gives $connect's handler the user pool and app client to verify ID tokens against", () => {
    const env = fnByName.get('realtime')!.props.Environment.Variables;
    expect(JSON.stringify(env.COGNITO_ISSUER)).toContain(`https://cognito-idp.${TEST_REGION}.amazonaws.com/`);
    expect(env.COGNITO_CLIENT_ID).toBeDefined();
    expect(
      JSON.stringify(fnByName.get('realtime-publisher')!.props.Environment.Variables.REALTIME_ENDPOINT),
    ).toContain(wsApiId);
  });

  it('lets only the publisher manage connections, on this API, stage live, POST @connections only', () => {
    const publisher = policyOf('realtime-publisher');
    expect(publisher).toContain('execute-api:ManageConnections');
    const statement = JSON.parse(publisher)
      .flatMap((doc: Props) => doc.Statement)
      .find((s: Props) => s.Action === 'execute-api:ManageConnections');
    const resource = JSON.stringify(statement.Resource);
    expect(resource).toContain(wsApiId);
    expect(resource).toContain('/live/POST/@connections/*');
    for (const name of fnByName.keys())
      if (name !== 'realtime-publisher') expect(policyOf(name), name).not.toContain('ManageConnections');
    // Within one statement: a later, unrelated statement's "*" (SES sending) is not a wildcard here.
    expect(JSON.stringify(api.toJSON())).not.toMatch(
      /execute-api:\*|"execute-api:ManageConnections"[^{}]*"Resource":"\*"/,
    );
  });

  it('feeds the publisher every realtime event from the bus', () => {
    const rule = Object.values(resourcesOf(jobs, 'AWS::Events::Rule')).find((r) =>
      String(r.Properties.Description).includes('realtime-publisher'),
    );
    expect(rule!.Properties.EventPattern['detail-type'].sort()).toEqual([...REALTIME_EVENTS].sort());
  });
});
