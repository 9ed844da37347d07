// The data stack: the single table of functions/lib/data/table-design.ts, its encryption and recovery,
// the avatars bucket, the KMS keys, the provider secrets, and the access policies functions attach.
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { FEATURE_FLAGS } from '../../infra/app.ts';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { DataStack } from '../../infra/data-stack.ts';
import { tableDesign } from '../../functions/catalog.ts';
import { resourcesOf, TEST_WEB_ORIGIN, templateOf, testApp } from './test-app.ts';

let data: Template;
let tableId: string;
beforeAll(() => {
  data = templateOf(testApp().data);
  [tableId] = Object.keys(resourcesOf(data, 'AWS::DynamoDB::Table')) as [string];
});

describe('table', () => {
  it('is the one pk/sk table with the three generic GSIs and a TTL attribute', () => {
    data.resourceCountIs('AWS::DynamoDB::Table', 1);
    data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: tableDesign.globalIndexes.map((index) =>
        Match.objectLike({
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
    expect(tableDesign.globalIndexes.map((i) => i.indexName)).toEqual(['gsi1', 'gsi2', 'gsi3']);
  });

  it('projects into each index what its queries read, not every attribute', () => {
    const table = resourcesOf(data, 'AWS::DynamoDB::Table')[tableId]!.Properties;
    const projections = Object.fromEntries(
      (table.GlobalSecondaryIndexes as Array<{ IndexName: string; Projection: unknown }>).map((index) => [
        index.IndexName,
        index.Projection,
      ]),
    );
    expect(projections).toEqual({
      // Planned items' lists and the small entities' lookups read whole items.
      gsi1: { ProjectionType: 'ALL' },
      // The transaction lists: what a day row, the forecast's history and classification read.
      gsi2: {
        ProjectionType: 'INCLUDE',
        NonKeyAttributes: [
          'id',
          'account_id',
          'date',
          'amount',
          'name',
          'merchant_name',
          'pending',
          'personal_finance_category',
          'category_primary',
          'category_detailed',
          'category',
        ],
      },
      // The refresh sweep reads item ids; accounts of a bank are read by key.
      gsi3: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['id'] },
    });
  });

  it('has point-in-time recovery, deletion protection and is retained', () => {
    data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
  });

  it('is encrypted with its own customer-managed, rotating KMS key', () => {
    const table = resourcesOf(data, 'AWS::DynamoDB::Table')[tableId]!.Properties;
    expect(table.SSESpecification).toMatchObject({ SSEEnabled: true, SSEType: 'KMS' });
    const keyId = table.SSESpecification.KMSMasterKeyId['Fn::GetAtt'][0] as string;
    expect(resourcesOf(data, 'AWS::KMS::Key')[keyId]?.Properties).toMatchObject({ EnableKeyRotation: true });
  });

  it('grants the table by named indexes only and never allows Scan', () => {
    const policies = Object.values(resourcesOf(data, 'AWS::IAM::ManagedPolicy'))
      .map((p) => JSON.stringify(p.Properties.PolicyDocument))
      .filter((doc) => doc.includes('dynamodb:'));
    expect(policies.length).toBeGreaterThan(0);
    for (const doc of policies) {
      for (const index of tableDesign.globalIndexes) expect(doc).toContain(`/index/${index.indexName}`);
      expect(doc).not.toContain('/index/*');
      expect(doc).not.toContain('dynamodb:Scan');
    }
  });

  it('has a read policy that cannot write', () => {
    const stack = new DataStack(new App({ context: FEATURE_FLAGS }), 'Data', { namePrefix: 'test' });
    const read = stack.table.policy('read');
    expect(stack.table.policy('read')).toBe(read);
    const doc = JSON.stringify(
      Template.fromStack(stack).toJSON().Resources[stack.getLogicalId(read.node.defaultChild as never)],
    );
    expect(doc).toContain('dynamodb:Query');
    for (const write of ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'])
      expect(doc).not.toContain(write);
    expect(doc).not.toContain('kms:GenerateDataKey');
  });
});

describe('avatars bucket', () => {
  const avatars = () => {
    const { data: stack } = testApp();
    return resourcesOf(data, 'AWS::S3::Bucket')[
      stack.getLogicalId(stack.avatars.bucket.node.defaultChild as never)
    ]!.Properties;
  };

  it('blocks public access, encrypts, versions and logs access', () => {
    expect(avatars()).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [expect.anything()] },
      VersioningConfiguration: { Status: 'Enabled' },
    });
    expect(avatars().LoggingConfiguration.DestinationBucketName).toBeDefined();
  });

  it('removes uploaded statements left under imports/ after a day (docs/import-export.md)', () => {
    expect(avatars().LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Prefix: 'imports/', ExpirationInDays: 1, Status: 'Enabled' }),
    );
  });

  it("answers the web app's presigned POSTs (photos, statements) from its origin only", () => {
    expect(avatars().CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({ AllowedMethods: ['POST'], AllowedOrigins: [TEST_WEB_ORIGIN] }),
    ]);
  });

  it('refuses requests without TLS', () => {
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('keys, secrets and bus', () => {
  it('has a rotating key for Plaid token envelope encryption', () => {
    data.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/money-calendar/dev/plaid-tokens' });
    for (const key of Object.values(resourcesOf(data, 'AWS::KMS::Key'))) {
      expect(key.Properties.EnableKeyRotation).toBe(true);
    }
  });

  it('creates the Plaid and Stripe secrets by name, with no value from the repository', () => {
    for (const name of ['money-calendar/dev/plaid', 'money-calendar/dev/stripe']) {
      data.hasResource('AWS::SecretsManager::Secret', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({ Name: name, SecretString: Match.absent() }),
      });
    }
  });

  it('has the product event bus', () => {
    data.resourceCountIs('AWS::Events::EventBus', 1);
  });
});
