// One Lambda for one catalog entry, with the house defaults (Node 22 on arm64, an ESM bundle with
// source maps, its own log group, a role that may write only to that log group) and typed binders
// that set a function's environment variable and grant its IAM access in the same call.
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { CatalogEntry } from '../functions/catalog.ts';
import type { BucketAccess, BucketBinding, TableAccess, TableBinding } from './data-stack.ts';
import { buildVersion } from './build-version.ts';
import { fromRoot, notImplementedHandler } from './paths.ts';

/** Lets CommonJS dependencies bundled into the ESM output call `require` (esbuild's documented shim). */
const esmRequireBanner =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

export type KeyAccess = 'decrypt' | 'encryptDecrypt';

export interface CatalogFunctionProps {
  entry: CatalogEntry;
  logRetention: RetentionDays;
}

export class CatalogFunction extends Construct {
  readonly entry: CatalogEntry;
  readonly function: NodejsFunction;
  readonly role: Role;

  constructor(scope: Construct, id: string, { entry, logRetention }: CatalogFunctionProps) {
    super(scope, id);
    this.entry = entry;

    const logGroup = new LogGroup(this, 'Logs', { retention: logRetention });
    // Our own role instead of AWSLambdaBasicExecutionRole: it may write to this log group only.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of the ${entry.name} function`,
    });
    logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Function', {
      entry: fromRoot(entry.handler ?? notImplementedHandler),
      handler: 'handler',
      projectRoot: fromRoot(),
      depsLockFilePath: fromRoot('package-lock.json'),
      description: `${entry.name}: ${entry.description}`.slice(0, 256),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: entry.memoryMb,
      timeout: Duration.seconds(entry.timeoutSeconds),
      role: this.role,
      logGroup,
      environment: {
        CATALOG_NAME: entry.name,
        BUILD_VERSION: buildVersion(),
        NODE_OPTIONS: '--enable-source-maps',
        LOG_LEVEL: 'info',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: esmRequireBanner,
        sourceMap: true,
        sourcesContent: false,
        minify: true,
        // Bundle the AWS SDK too: the versions in package-lock.json are the ones that were tested.
        externalModules: [],
      },
    });
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the pinned runtime of the product (ARCHITECTURE.md; esbuild targets node22); a newer ' +
        'runtime is a deliberate, tested upgrade, not a default that moves under a deploy.',
    });
  }

  /**
   * USER_POOL_ID and USER_POOL_CLIENT_ID plus the user-pool calls the entry makes, on that pool only: the
   * admin area's (groups, disable/enable, global sign-out, resend the confirmation code), a
   * lookup, or a global sign-out.
   */
  bindUserPool({
    userPoolId,
    userPoolArn,
    clientId,
    actions,
  }: {
    userPoolId: string;
    userPoolArn: string;
    clientId: string;
    actions: readonly string[];
  }): this {
    this.function.addEnvironment('USER_POOL_ID', userPoolId);
    this.function.addEnvironment('USER_POOL_CLIENT_ID', clientId);
    this.role.addToPolicy(
      new PolicyStatement({ actions: actions.map((a) => `cognito-idp:${a}`), resources: [userPoolArn] }),
    );
    return this;
  }

  /** TABLE_NAME plus the table's read or read/write policy (items, named indexes, and its KMS key). */
  bindTable({ table, access }: { table: TableBinding; access: TableAccess }): this {
    this.function.addEnvironment('TABLE_NAME', table.table.tableName);
    this.role.addManagedPolicy(table.policy(access));
    return this;
  }

  /** `envName` = the bucket's name, plus the bucket's object read or read/write policy. */
  bindBucket({
    bucket,
    envName,
    access,
  }: {
    bucket: BucketBinding;
    envName: string;
    access: BucketAccess;
  }): this {
    this.function.addEnvironment(envName, bucket.bucket.bucketName);
    this.role.addManagedPolicy(bucket.policy(access));
    return this;
  }

  /** EMAIL_FROM (and the configuration set whose events reach EventBridge) plus ses:SendEmail for that
   * sender only. */
  bindEmail({ from, configurationSet }: { from: string; configurationSet?: string }): this {
    this.function.addEnvironment('EMAIL_FROM', from);
    if (configurationSet) this.function.addEnvironment('EMAIL_CONFIGURATION_SET', configurationSet);
    const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: ['*'],
        conditions: { StringEquals: { 'ses:FromAddress': address } },
      }),
    );
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'SES identities are not known at synth time; the policy is limited to the product sender address.',
    });
    return this;
  }

  /** sns:Publish for texts to phone numbers (two-factor codes): SMS has no topic ARN to scope to. */
  bindSms(): this {
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['sns:Publish'],
        resources: ['*'],
      }),
    );
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Texts go straight to a phone number, which is not a resource ARN; only the two-factor send function has this grant.',
    });
    return this;
  }

  /**
   * The coach's model: COACH_BEDROCK_MODEL_ID (and its token limit) plus bedrock:InvokeModel and
   * InvokeModelWithResponseStream (what Converse and ConverseStream need) on that foundation model only.
   */
  bindBedrock({ modelId, maxTokens }: { modelId: string; maxTokens: number }): this {
    this.function.addEnvironment('COACH_BEDROCK_MODEL_ID', modelId);
    this.function.addEnvironment('COACH_MAX_TOKENS', String(maxTokens));
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['bedrock:InvokeModel', 'bedrock:InvokeModelWithResponseStream'],
        resources: [
          Stack.of(this).formatArn({
            service: 'bedrock',
            account: '',
            resource: 'foundation-model',
            resourceName: modelId,
          }),
        ],
      }),
    );
    return this;
  }

  /** EVENT_BUS_NAME plus events:PutEvents on that bus only. */
  bindBus({ bus }: { bus: IEventBus }): this {
    this.function.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
    bus.grantPutEventsTo(this.role);
    return this;
  }

  /** `envName` = the secret's ARN, plus read access to that secret only. */
  bindSecret({ secret, envName }: { secret: ISecret; envName: string }): this {
    this.function.addEnvironment(envName, secret.secretArn);
    secret.grantRead(this.role);
    return this;
  }

  /**
   * `envName` = the key's ARN. Envelope encryption: `encryptDecrypt` may generate data keys (to wrap a
   * new token) and decrypt them; `decrypt` may only unwrap. No other KMS action is granted.
   */
  bindKey({ key, envName, access }: { key: IKey; envName: string; access: KeyAccess }): this {
    this.function.addEnvironment(envName, key.keyArn);
    key.grant(
      this.role,
      ...(access === 'encryptDecrypt' ? ['kms:GenerateDataKey', 'kms:Decrypt'] : ['kms:Decrypt']),
    );
    return this;
  }
}
