// The product's long-lived state: the single DynamoDB table, the avatars bucket, the KMS keys, the
// provider secrets, and the event bus every function publishes to. Whatever holds data is retained on
// stack deletion; nothing here knows about functions or routes.
import { Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus } from 'aws-cdk-lib/aws-events';
import { ManagedPolicy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { tableDesign } from '../functions/catalog.ts';
import { EVENT_SOURCE } from '../events/contracts.ts';

export type TableAccess = 'read' | 'readWrite';
export type BucketAccess = 'read' | 'readWrite';

/** A resource with the managed policy for each level of access to it, created on first use. The policies
 * live next to the resource (with their cdk-nag acknowledgements); functions attach the one they need. */
export interface TableBinding {
  readonly table: Table;
  policy(access: TableAccess): ManagedPolicy;
}
export interface BucketBinding {
  readonly bucket: Bucket;
  policy(access: BucketAccess): ManagedPolicy;
}

// Transactions need no actions of their own: TransactWriteItems is authorized per item by these.
const readActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const tableActions: Record<TableAccess, string[]> = {
  read: readActions,
  readWrite: [
    ...readActions,
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};
// The table key's actions for a DynamoDB caller, as aws-cdk-lib's Table.grant*Data grants them.
const tableKeyActions: Record<TableAccess, string[]> = {
  read: ['kms:Decrypt'],
  readWrite: ['kms:Decrypt', 'kms:Encrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*'],
};
const objectActions: Record<BucketAccess, string[]> = {
  read: ['s3:GetObject'],
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
};

export interface DataStackProps extends StackProps {
  /** Prefix of physical names an operator types (secrets, key aliases), e.g. `money-calendar/prod`. */
  namePrefix: string;
  /** The web app's origins: the browser posts photos and statements straight to the avatars bucket. */
  webOrigins?: string[];
}

export class DataStack extends Stack {
  readonly table: TableBinding;
  readonly tableKey: Key;
  /** Envelope key for Plaid access tokens (ARCHITECTURE.md: "token encrypted at rest"). */
  readonly plaidTokenKey: Key;
  readonly avatars: BucketBinding;
  readonly bus: EventBus;
  /** JSON `{ "clientId": "…", "secret": "…" }`, filled in by the operator (docs/deploy.md). */
  readonly plaidSecret: Secret;
  /** JSON `{ "secretKey": "…", "webhookSecret": "…" }`, filled in by the operator (docs/deploy.md). */
  readonly stripeSecret: Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { namePrefix } = props;

    this.tableKey = new Key(this, 'TableKey', {
      description: 'Encrypts the money-calendar DynamoDB table',
      alias: `alias/${namePrefix}/table`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const table = new Table(this, 'Table', {
      partitionKey: { name: tableDesign.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableDesign.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.tableKey,
      timeToLiveAttribute: tableDesign.ttlAttribute,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Each index projects what its queries read (functions/lib/data/table-design.ts).
    for (const index of tableDesign.globalIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        ...(index.projection.type === 'INCLUDE'
          ? {
              projectionType: ProjectionType.INCLUDE,
              nonKeyAttributes: [...index.projection.nonKeyAttributes],
            }
          : { projectionType: ProjectionType.ALL }),
      });
    }

    this.table = { table, policy: once((access) => this.tablePolicy(table, this.tableKey, access)) };

    this.plaidTokenKey = new Key(this, 'PlaidTokenKey', {
      description: 'Envelope encryption of Plaid access tokens (data keys wrap each token)',
      alias: `alias/${namePrefix}/plaid-tokens`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const accessLogs = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // S3 server access logging can only deliver to SSE-S3 buckets.
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(400) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This bucket is the server-access-log destination; logging it into itself would loop.',
    });

    // spec §7 storage: avatars at {userId}/avatar.{ext}. Private: the API hands out presigned URLs.
    const avatarsBucket = new Bucket(this, 'AvatarsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      // An upsert replaces the avatar; old versions only serve recovery for a month.
      // Uploaded statements (imports/) are removed once imported; an abandoned one goes after a day.
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(30) },
        { prefix: 'imports/', expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
      ],
      // The browser sends a profile photo or a statement with a presigned POST from the web app's origin
      // and reads the answer, so the bucket answers that origin's POST (its images are read by <img>,
      // which needs no CORS).
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: props.webOrigins?.length ? props.webOrigins : ['https://*'],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'avatars/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const avatarKeys =
      'Object keys are per user ({userId}/avatar.{ext}, spec §7 storage), so they cannot be listed here; ' +
      'object actions only, and the handler builds every key from the verified caller.';
    this.avatars = {
      bucket: avatarsBucket,
      policy: once((access) => this.objectPolicy('Avatars', avatarsBucket, access, avatarKeys)),
    };

    // The bus lives here, not in the jobs stack: every function publishes to it (api stack) and the
    // consumer rules target those functions (jobs stack), so a bus in either would form a cycle.
    this.bus = new EventBus(this, 'Bus', {
      description: 'Domain events of money-calendar (events/contracts.ts)',
    });
    // Consumers are idempotent (ARCHITECTURE.md), so an archive lets an operator replay a bad day.
    this.bus.archive('Archive', {
      description: 'Replay source for the domain events',
      eventPattern: { source: [EVENT_SOURCE] },
      retention: Duration.days(14),
    });

    this.plaidSecret = new Secret(this, 'PlaidSecret', {
      secretName: `${namePrefix}/plaid`,
      description:
        'Plaid API credentials as JSON {"clientId","secret"}; set with put-secret-value (docs/deploy.md)',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stripeSecret = new Secret(this, 'StripeSecret', {
      secretName: `${namePrefix}/stripe`,
      description:
        'Stripe keys as JSON {"secretKey","webhookSecret"}; set with put-secret-value (docs/deploy.md)',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const secret of [this.plaidSecret, this.stripeSecret]) {
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Third-party API keys are issued by Plaid/Stripe dashboards; no rotation Lambda can mint them. ' +
          'Rotation is a manual runbook step (docs/deploy.md).',
      });
    }
  }

  private tablePolicy(table: Table, key: Key, access: TableAccess): ManagedPolicy {
    // Every index of the design by name rather than `index/*`: no grant reaches an undeclared index.
    const resources = [
      table.tableArn,
      ...tableDesign.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
    ];
    const policy = new ManagedPolicy(this, `Table${pascal(access)}Policy`, {
      description: `${access} access to the money-calendar table and its indexes`,
      statements: [
        new PolicyStatement({ actions: tableActions[access], resources }),
        new PolicyStatement({ actions: tableKeyActions[access], resources: [key.keyArn] }),
      ],
    });
    if (access === 'readWrite') {
      const reason =
        "DynamoDB encrypts with the table CMK on the caller's behalf; these are the key actions " +
        'aws-cdk-lib grants for table writes, on this one key only.';
      Validations.of(policy).acknowledge(
        { id: 'AwsSolutions-IAM5[Action::kms:ReEncrypt*]', reason },
        { id: 'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]', reason },
      );
    }
    return policy;
  }

  /** `keyWildcardReason`: why the policy must cover every object key of the bucket. */
  private objectPolicy(
    name: string,
    bucket: Bucket,
    access: BucketAccess,
    keyWildcardReason: string,
  ): ManagedPolicy {
    const policy = new ManagedPolicy(this, `${name}${pascal(access)}Policy`, {
      description: `${access} access to the objects of the ${name.toLowerCase()} bucket`,
      statements: [
        new PolicyStatement({ actions: objectActions[access], resources: [bucket.arnForObjects('*')] }),
      ],
    });
    Validations.of(policy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(bucket.node.defaultChild as CfnBucket)}.Arn>/*]`,
      reason: keyWildcardReason,
    });
    return policy;
  }
}

const pascal = (access: string): string => access.charAt(0).toUpperCase() + access.slice(1);

/** Memoizes a one-argument factory, so each access level creates its policy once. */
function once<A extends string, R>(create: (access: A) => R): (access: A) => R {
  const made = new Map<A, R>();
  return (access) => {
    if (!made.has(access)) made.set(access, create(access));
    return made.get(access)!;
  };
}
