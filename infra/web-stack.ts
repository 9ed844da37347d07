// The SPA's hosting: a private bucket behind CloudFront (Origin Access Control), SPA fallback to
// index.html, security headers with the spec §7 Content-Security-Policy, and, when web/dist exists,
// the build plus a generated /config.json pointing the SPA at this stage's API and user pool.
import {
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildContentSecurityPolicy, inlineScriptHashes } from './csp.ts';
import { withConfigInPage } from '../domain/web-page-config.ts';
import { fromRoot } from './paths.ts';
import { API_PATH_PREFIX, publicApiPaths, stripApiPrefixSource } from './same-origin-api.ts';

/** The SPA's runtime config (web/src/config/app-config.ts validates it at start). */
export interface WebRuntimeConfig {
  stage: 'cloud';
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  authFlowType: 'USER_SRP_AUTH';
  /** Plaid's Link script from its CDN (the local sandbox serves a stand-in at the same API). */
  plaidLinkScriptUrl: string;
  /** The realtime WebSocket stage, `wss://{api}.execute-api.{region}.amazonaws.com/{stage}`. */
  realtimeUrl?: string;
}

export const PLAID_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

export interface WebDomain {
  /** e.g. `app.example.com`; DNS is managed outside this app (docs/deploy.md). */
  domainName: string;
  /** ACM certificate for the domain, in us-east-1 (CloudFront's requirement). */
  certificateArn: string;
}

export interface WebStackProps extends StackProps {
  /** `apiUrl` is the API's own endpoint: CloudFront serves it under the SPA's origin at /api, and the
   * SPA's config.json points there (no CORS preflight). */
  runtimeConfig: Omit<WebRuntimeConfig, 'stage' | 'authFlowType' | 'plaidLinkScriptUrl'>;
  /** Image origins the CSP allows besides 'self' (the avatars bucket for presigned URLs). */
  imageOrigins: string[];
  /** Absolute path of the built SPA (web/dist), or null to deploy no content (synth without a web build). */
  webDist: string | null;
  domain?: WebDomain;
}

export class WebStack extends Stack {
  readonly distribution: Distribution;
  /** The rate-based rules in front of the API (CloudFront's web ACLs live in us-east-1 only). */
  readonly webAcl: CfnWebACL | undefined;
  /** The URL the SPA calls the API at: its own origin + /api. */
  readonly sameOriginApiUrl: string;
  readonly bucket: Bucket;
  readonly contentSecurityPolicy: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logs = new Bucket(this, 'CdnLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes through an ACL, so ACLs must stay enabled on this bucket.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(400) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket is the CloudFront access-log destination; logging it into itself would loop.',
    });

    this.bucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Left behind on stack deletion (CloudFormation cannot delete a non-empty bucket); emptying it
      // automatically would add a custom-resource Lambda for content any deploy recreates.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only CloudFront reads this bucket (Origin Access Control) and every viewer request is in the ' +
        'CloudFront access log; S3 server access logs would only duplicate it.',
    });

    // The API is same-origin (/api below), so 'self' covers it. index.html's inline theme script (run
    // before first paint) is allowed by its hash, and nothing else inline is.
    const indexHtml = readFileSync(
      props.webDist ? join(props.webDist, 'index.html') : fromRoot('web', 'index.html'),
      'utf8',
    );
    this.contentSecurityPolicy = buildContentSecurityPolicy({
      scriptHashes: inlineScriptHashes(indexHtml),
      region: props.runtimeConfig.region,
      imageOrigins: props.imageOrigins,
      ...(props.runtimeConfig.realtimeUrl ? { realtimeUrl: props.runtimeConfig.realtimeUrl } : {}),
    });
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'money-calendar SPA security headers (spec §7 content security policy)',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: this.contentSecurityPolicy, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true },
        ],
      },
    });

    // The API under the SPA's origin: /api/* goes to API Gateway with the prefix removed, never cached
    // (every response is per person), every viewer header but Host forwarded (Authorization included,
    // which CloudFront allows when caching is off); the API keeps its JWT authorizer and its own CORS.
    const apiDomain = Fn.select(2, Fn.split('/', props.runtimeConfig.apiUrl));
    const stripPrefix = new CloudFrontFunction(this, 'StripApiPrefix', {
      comment: `Removes ${API_PATH_PREFIX} before a request reaches the API`,
      code: FunctionCode.fromInline(stripApiPrefixSource),
      runtime: FunctionRuntime.JS_2_0,
    });
    this.webAcl = this.region === 'us-east-1' ? this.rateLimitAcl() : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'money-calendar SPA',
      defaultRootObject: 'index.html',
      ...(this.webAcl ? { webAclId: this.webAcl.attrArn } : {}),
      additionalBehaviors: {
        [`${API_PATH_PREFIX}/*`]: {
          origin: new HttpOrigin(apiDomain, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          functionAssociations: [{ function: stripPrefix, eventType: FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
      },
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
      },
      // Client-side routes (/accounts, /admin/...) have no object: serve the SPA shell and let the router
      // decide. A private bucket answers 403 for a missing key, so both codes fall back.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      ...(props.domain
        ? {
            domainNames: [props.domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'The product serves users wherever they are; there is no market restriction to enforce by geography.',
    });
    if (!this.webAcl)
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'CloudFront web ACLs can only be created in us-east-1; in another region the API keeps its ' +
          'per-route stage throttling, and docs/deploy.md describes attaching an ACL made in us-east-1.',
      });
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the *.cloudfront.net certificate, whose minimum TLS ' +
          'version CloudFront fixes; with WEB_DOMAIN set the distribution enforces TLSv1.2_2021.',
      });
    }

    const origin = props.domain
      ? `https://${props.domain.domainName}`
      : `https://${this.distribution.distributionDomainName}`;
    this.sameOriginApiUrl = `${origin}${API_PATH_PREFIX}`;
    if (props.webDist)
      this.deploySite(props.webDist, { ...props.runtimeConfig, apiUrl: this.sameOriginApiUrl });

    new CfnOutput(this, 'WebUrl', {
      value: props.domain
        ? `https://${props.domain.domainName}`
        : `https://${this.distribution.distributionDomainName}`,
      description: 'The SPA origin (set WEB_ORIGIN to this to pin the API CORS origin)',
    });
  }

  /**
   * The web ACL in front of everything CloudFront serves: a rate-based rule per client
   * address on the public API routes (sign-up answers, invitation lookups, code resends, unsubscribe) and a
   * looser one on the whole API; beyond either, WAF answers 429 until the address slows down.
   */
  private rateLimitAcl(): CfnWebACL {
    const rule = (name: string, priority: number, limit: number, paths: readonly string[]) => ({
      name,
      priority,
      action: { block: { customResponse: { responseCode: 429 } } },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: name,
        sampledRequestsEnabled: true,
      },
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: 300,
          aggregateKeyType: 'IP',
          scopeDownStatement:
            paths.length === 1
              ? startsWith(paths[0]!)
              : { orStatement: { statements: paths.map((p) => startsWith(p)) } },
        },
      },
    });
    const startsWith = (path: string) => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    return new CfnWebACL(this, 'ApiRateLimits', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: 'money-calendar-web',
        sampledRequestsEnabled: true,
      },
      rules: [
        rule('public-api-per-ip', 0, 100, publicApiPaths()),
        rule('api-per-ip', 1, 3000, [`${API_PATH_PREFIX}/`]),
      ],
    });
  }

  /** Hashed build assets are immutable; the shell, root files and config.json are revalidated every load. */
  private deploySite(webDist: string, runtimeConfig: WebStackProps['runtimeConfig']): void {
    const config: WebRuntimeConfig = {
      stage: 'cloud',
      authFlowType: 'USER_SRP_AUTH',
      plaidLinkScriptUrl: PLAID_LINK_SCRIPT_URL,
      ...runtimeConfig,
    };
    const assets = new BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      sources: [Source.asset(webDist)],
      include: ['assets/*'],
      exclude: ['*'],
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.days(365)),
        CacheControl.immutable(),
      ],
      // Keep earlier hashed assets: a browser holding the previous index.html still loads its chunks.
      prune: false,
    });
    // index.html carries the config too (domain/web-page-config.ts), filled at deploy time, so a start reads it
    // without a request and sends its first API calls at once. It is data, not a
    // script: the CSP's hashes, computed from the built page above, stay valid.
    // Each deploy-time value (the API's URL, the pool's ids) becomes its own marker inside the JSON, as
    // in config.json; none can hold a quote.
    const page = withConfigInPage(readFileSync(join(webDist, 'index.html'), 'utf8'), JSON.stringify(config));
    const shell = new BucketDeployment(this, 'DeployShell', {
      destinationBucket: this.bucket,
      sources: [
        Source.asset(webDist, { exclude: ['index.html'] }),
        Source.data('index.html', page),
        Source.jsonData('config.json', config),
      ],
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // The new shell must never reference chunks that are not uploaded yet.
    shell.node.addDependency(assets);
    this.acknowledgeDeploymentHandler(assets);
  }

  /** The findings on aws-cdk-lib's own upload function, shared by both deployments (a singleton). */
  private acknowledgeDeploymentHandler(deployment: BucketDeployment): void {
    const handler = deployment.handlerRole.node.scope;
    if (!handler) throw new Error('BucketDeployment handler role has no parent function');
    const stagingBucket = `cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${this.account}-${this.region}`;
    const siteBucket = this.getLogicalId(this.bucket.node.defaultChild as CfnBucket);
    const cdkOwned = 'aws-cdk-lib BucketDeployment upload function (CDK-managed, runs only during deploys)';
    Validations.of(handler).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: `${cdkOwned}: its role is created by aws-cdk-lib with the basic logging policy.`,
      },
      {
        id: 'AwsSolutions-L1',
        reason: `${cdkOwned}: aws-cdk-lib pins and upgrades its Python runtime.`,
      },
      ...[
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        `Resource::arn:${this.partition}:s3:::${stagingBucket}/*`,
        `Resource::<${siteBucket}.Arn>/*`,
      ].map((finding) => ({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason: `${cdkOwned}: copies the build from the CDK staging bucket into the site bucket, both whole-bucket by design.`,
      })),
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: `${cdkOwned}: CloudFront invalidation actions do not support resource-level scoping here.`,
      },
    );
  }
}
