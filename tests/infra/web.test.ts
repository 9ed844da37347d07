// The web stack: private bucket behind CloudFront with OAC, SPA fallback, security headers with the
// CSP of infra/csp.ts, and the generated config.json deployed beside the build.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { FEATURE_FLAGS } from '../../infra/app.ts';
import { Template, type Template as TemplateType } from 'aws-cdk-lib/assertions';
import { WebStack } from '../../infra/web-stack.ts';
import { inlineScriptHashes } from '../../infra/csp.ts';
import { parseCsp } from './parse-csp.ts';
import { type Props, resourcesOf, templateOf, TEST_REGION, testApp } from './test-app.ts';

let web: TemplateType;
let distribution: Props;
beforeAll(() => {
  web = templateOf(testApp().web);
  distribution = Object.values(resourcesOf(web, 'AWS::CloudFront::Distribution'))[0]!.Properties
    .DistributionConfig as Props;
});

/** A CloudFormation string value with every intrinsic replaced by a marker, for text assertions. */
const flatten = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const join = (value as Props)['Fn::Join'];
  if (join) return (join[1] as unknown[]).map(flatten).join(join[0]);
  return '<token>';
};

describe('security headers', () => {
  const headers = () =>
    Object.values(resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties
      .ResponseHeadersPolicyConfig.SecurityHeadersConfig as Props;

  it('sends the spec §7 CSP: Plaid CDN, the API (same origin), Cognito, no framing', () => {
    const csp = parseCsp(flatten(headers().ContentSecurityPolicy.ContentSecurityPolicy));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toContain('https://cdn.plaid.com');
    expect(csp.get('frame-src')).toContain('https://cdn.plaid.com');
    expect(csp.get('connect-src')).toContain(`https://cognito-idp.${TEST_REGION}.amazonaws.com`);
    // The API is served under the SPA's own origin (/api), so 'self' is all the page needs for it.
    expect(csp.get('connect-src')).toContain("'self'");
    // (The realtime WebSocket stage, wss://…execute-api…, is the one API host it names.)
    expect(
      csp
        .get('connect-src')
        ?.filter((source) => source.includes('execute-api') && !source.startsWith('wss:')),
    ).toEqual([]);
    expect(headers().ContentSecurityPolicy.Override).toBe(true);
  });

  it('sends HSTS, nosniff, a referrer policy and denies framing', () => {
    expect(headers()).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
  });

  it('attaches the policy to the default behaviour', () => {
    expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(distribution.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });
});

describe('the API under the SPA origin', () => {
  const apiBehavior = () =>
    (distribution.CacheBehaviors as Props[]).find((b) => b.PathPattern === '/api/*') as Props;

  it('routes /api/* to API Gateway over HTTPS, uncached, with every viewer header but Host', () => {
    const behavior = apiBehavior();
    expect(behavior).toBeDefined();
    // Managed policies: CachingDisabled and AllViewerExceptHostHeader.
    expect(behavior.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    expect(behavior.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    expect(behavior.AllowedMethods).toEqual(
      expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    );
    const origin = (distribution.Origins as Props[]).find((o) => o.Id === behavior.TargetOriginId) as Props;
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
    // The API stack's endpoint host, resolved at deploy time.
    expect(JSON.stringify(origin.DomainName)).toContain('Fn::Split');
  });

  it('removes the /api prefix before the request reaches the API', () => {
    const [fn] = Object.values(resourcesOf(web, 'AWS::CloudFront::Function'));
    expect(apiBehavior().FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);
    const code = String(fn!.Properties.FunctionCode);
    // The function's code, run as CloudFront runs it.
    const handler = new Function(`${code}; return handler;`)() as (e: unknown) => {
      uri: string;
      headers: Record<string, { value: string }>;
    };
    const viewer = { ip: '203.0.113.7' };
    const run = (uri: string, headers: Record<string, { value: string }> = {}) =>
      handler({ request: { uri, headers }, viewer });
    expect(run('/api/profiles/me').uri).toBe('/profiles/me');
    expect(run('/api').uri).toBe('/');
    expect(run('/apiary').uri).toBe('/apiary');
    // The visitor's address for per-visitor limits, whatever the browser claimed.
    const forged = run('/api/client-reports', { 'x-viewer-address': { value: '198.51.100.1' } });
    expect(forged.headers['x-viewer-address']).toEqual({ value: '203.0.113.7' });
  });

  it('puts rate-based rules per client address in front in us-east-1 (public routes 100 / 5 min, the API 3000)', () => {
    const app = new App({ context: FEATURE_FLAGS });
    const stack = new WebStack(app, 'WebUsEast', {
      env: { account: '111111111111', region: 'us-east-1' },
      runtimeConfig: {
        apiUrl: 'https://abc.execute-api.us-east-1.amazonaws.com',
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
      },
      imageOrigins: [],
      webDist: null,
    });
    const template = Template.fromStack(stack);
    const [acl] = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'));
    expect(acl!.Properties.Scope).toBe('CLOUDFRONT');
    const [cloudfront] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    expect(cloudfront!.Properties.DistributionConfig.WebACLId).toBeDefined();
    const rules = acl!.Properties.Rules as Props[];
    const limits = rules.map((r) => [r.Name, r.Statement.RateBasedStatement.Limit]);
    expect(limits).toEqual([
      ['public-api-per-ip', 100],
      ['api-per-ip', 3000],
    ]);
    const publicPaths = JSON.stringify(rules[0]!.Statement.RateBasedStatement.ScopeDownStatement);
    for (const path of [
      '/api/onboarding-responses',
      '/api/invitations/',
      '/api/functions/send-verification-email',
    ])
      expect(publicPaths).toContain(path);
    expect(rules.every((r) => r.Action.Block.CustomResponse.ResponseCode === 429)).toBe(true);
    // Elsewhere there is no CloudFront-scope ACL to make (WAF keeps those in us-east-1).
    expect(Object.keys(resourcesOf(web, 'AWS::WAFv2::WebACL'))).toEqual([]);
  });
});

describe('distribution', () => {
  it('serves index.html at the root and for unknown paths (SPA routes)', () => {
    expect(distribution.DefaultRootObject).toBe('index.html');
    expect(distribution.CustomErrorResponses).toEqual(
      [403, 404].map((code) => ({
        ErrorCode: code,
        ResponseCode: 200,
        ResponsePagePath: '/index.html',
        ErrorCachingMinTTL: 0,
      })),
    );
  });

  it('reads a private bucket through Origin Access Control only', () => {
    const [origin] = distribution.Origins as Props[];
    expect(origin!.OriginAccessControlId).toBeDefined();
    expect(origin!.S3OriginConfig.OriginAccessIdentity).toBe('');
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always' },
    });
    const policies = JSON.stringify(resourcesOf(web, 'AWS::S3::BucketPolicy'));
    expect(policies).toContain('cloudfront.amazonaws.com');
    for (const bucket of Object.values(resourcesOf(web, 'AWS::S3::Bucket'))) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicPolicy: true });
    }
  });

  it('logs viewer requests', () => {
    expect(distribution.Logging.Bucket).toBeDefined();
  });
});

describe('site deployment', () => {
  it('deploys the build with a config.json for the cloud stage', () => {
    const deployments = Object.values(resourcesOf(web, 'Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const shell = deployments.find((d) =>
      d.Properties.SourceMarkers?.some((m: Props) => Object.keys(m).length),
    );
    expect(shell, 'the deployment carrying config.json').toBeDefined();

    const { outdir } = testApp().app;
    const configs = shell!.Properties.SourceObjectKeys.map((key: string) =>
      join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json'),
    ).filter((path: string) => existsSync(path));
    expect(configs).toHaveLength(1);
    const config = JSON.parse(readFileSync(configs[0], 'utf8'));
    expect(config).toMatchObject({ stage: 'cloud', authFlowType: 'USER_SRP_AUTH', region: TEST_REGION });
    for (const key of ['apiUrl', 'userPoolId', 'userPoolClientId']) expect(config[key]).toMatch(/<<marker:/);
  });

  it('deploys index.html with the same config in its config block, and the CSP allows its scripts', () => {
    const deployments = Object.values(resourcesOf(web, 'Custom::CDKBucketDeployment'));
    const shell = deployments.find((d) =>
      d.Properties.SourceMarkers?.some((m: Props) => Object.keys(m).length),
    );
    const { outdir } = testApp().app;
    const pages = shell!.Properties.SourceObjectKeys.map((key: string) =>
      join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'index.html'),
    ).filter((path: string) => existsSync(path));
    // One index.html: the build's own copy is left out of the build's files.
    expect(pages).toHaveLength(1);
    const html = readFileSync(pages[0], 'utf8');
    const block = /<script type="application\/json" id="app-config">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const config = JSON.parse(block ?? 'null');
    expect(config).toMatchObject({ stage: 'cloud', authFlowType: 'USER_SRP_AUTH', region: TEST_REGION });
    for (const key of ['apiUrl', 'userPoolId', 'userPoolClientId']) expect(config[key]).toMatch(/<<marker:/);
    // The page's scripts are those of the build, and the policy carries each one's hash.
    const policy = JSON.stringify(Object.values(resourcesOf(web, 'AWS::CloudFront::ResponseHeadersPolicy')));
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(policy).toContain(hash);
  });

  it('deploys no content when there is no web build', () => {
    const app = new App({ context: FEATURE_FLAGS });
    const stack = new WebStack(app, 'Web', {
      env: { account: '111111111111', region: TEST_REGION },
      runtimeConfig: {
        apiUrl: 'https://api.test',
        region: TEST_REGION,
        userPoolId: 'p',
        userPoolClientId: 'c',
      },
      imageOrigins: [],
      webDist: null,
    });
    const template = Template.fromStack(stack);
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    template.resourceCountIs('AWS::Lambda::Function', 0);
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
  });
});
