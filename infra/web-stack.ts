// The SPA's hosting: a private bucket behind CloudFront (Origin Access Control), SPA fallback to
// index.html, security headers with the spec §7 Content-Security-Policy, and, when web/dist exists,
// the build plus a generated /config.json pointing the SPA at this stage's API and user pool.
import {
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
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
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { buildContentSecurityPolicy } from './csp.ts';

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
  runtimeConfig: Omit<WebRuntimeConfig, 'stage' | 'authFlowType' | 'plaidLinkScriptUrl'>;
  /** Image origins the CSP allows besides 'self' (the avatars bucket for presigned URLs). */
  imageOrigins: string[];
  /** Absolute path of the built SPA (web/dist), or null to deploy no content (synth without a web build). */
  webDist: string | null;
  domain?: WebDomain;
}

export class WebStack extends Stack {
  readonly distribution: Distribution;
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

    this.contentSecurityPolicy = buildContentSecurityPolicy({
      apiUrl: props.runtimeConfig.apiUrl,
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

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'money-calendar SPA',
      defaultRootObject: 'index.html',
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
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'The product serves users wherever they are; there is no market restriction to enforce by geography.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'The distribution serves static files only; the API is a separate origin with stage throttling ' +
          'and JWT authorization. A WAF web ACL (us-east-1, billed per rule) is an operator option in docs/deploy.md.',
      },
    );
    if (!props.domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the *.cloudfront.net certificate, whose minimum TLS ' +
          'version CloudFront fixes; with WEB_DOMAIN set the distribution enforces TLSv1.2_2021.',
      });
    }

    if (props.webDist) this.deploySite(props.webDist, props.runtimeConfig);

    new CfnOutput(this, 'WebUrl', {
      value: props.domain
        ? `https://${props.domain.domainName}`
        : `https://${this.distribution.distributionDomainName}`,
      description: 'The SPA origin (set WEB_ORIGIN to this to pin the API CORS origin)',
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
    const shell = new BucketDeployment(this, 'DeployShell', {
      destinationBucket: this.bucket,
      sources: [Source.asset(webDist), Source.jsonData('config.json', config)],
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
