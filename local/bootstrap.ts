// Idempotent bootstrap of the local cloud: the single table with its indexes, and the Cognito user
// pool, app client and admin group. Ids are remembered in the data folder and reused while they exist.
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type Projection,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tableDesign } from '../functions/catalog.ts';

const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'us-east-1';

export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
}

type GlobalIndex = (typeof tableDesign.globalIndexes)[number];

/** The index's projection as DynamoDB describes it (the cloud table's, from the same design). */
function projectionOf(index: GlobalIndex): Projection {
  return index.projection.type === 'INCLUDE'
    ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.projection.nonKeyAttributes] }
    : { ProjectionType: 'ALL' };
}

function sameProjection(a: Projection | undefined, b: Projection): boolean {
  const attributes = (p: Projection | undefined) => [...(p?.NonKeyAttributes ?? [])].sort().join(',');
  return a?.ProjectionType === b.ProjectionType && attributes(a) === attributes(b);
}

function indexSpec(index: GlobalIndex) {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: projectionOf(index),
  };
}

async function waitForIndexes(client: DynamoDBClient, tableName: string): Promise<void> {
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const busy = (Table?.GlobalSecondaryIndexes ?? []).some((i) => i.IndexStatus !== 'ACTIVE');
    if (!busy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Creates the table as the data stack does, or brings a kept one (under .data/) to the design: an index
 * whose projection differs is dropped and built again from the table's items, as DynamoDB Local
 * honours projections and the local table must read as the cloud one does.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = dynamoClient(endpoint);
  const { partitionKey, sortKey, globalIndexes, ttlAttribute } = tableDesign;
  const keyNames = [partitionKey, sortKey, ...globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  const attributeDefinitions = keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' as const }));
  let existing;
  try {
    existing = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  if (existing) {
    for (const index of globalIndexes) {
      const current = existing.GlobalSecondaryIndexes?.find((i) => i.IndexName === index.indexName);
      if (current && sameProjection(current.Projection, projectionOf(index))) continue;
      if (current) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: index.indexName } }],
          }),
        );
        await waitForIndexes(client, tableName);
      }
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: attributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: indexSpec(index) }],
        }),
      );
      await waitForIndexes(client, tableName);
    }
    return;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: attributeDefinitions,
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalIndexes.map(indexSpec),
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
    }),
  );
}

export interface CognitoIds {
  userPoolId: string;
  userPoolClientId: string;
}

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
}

async function stillExists(client: CognitoIdentityProviderClient, ids: CognitoIds): Promise<boolean> {
  try {
    await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: ids.userPoolId, ClientId: ids.userPoolClientId }),
    );
    return true;
  } catch {
    return false;
  }
}

/** The pool mirrors infra/: e-mail sign-in, password minimum 6 (spec §9), name attribute, admin group. */
export async function ensureUserPool(endpoint: string, idsFile: string): Promise<CognitoIds> {
  const client = cognitoClient(endpoint);
  let ids: CognitoIds | undefined = existsSync(idsFile)
    ? (JSON.parse(readFileSync(idsFile, 'utf8')) as CognitoIds)
    : undefined;
  if (!ids || !(await stillExists(client, ids))) {
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'money-calendar-local',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 6,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
        Schema: [
          { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
          { Name: 'name', AttributeDataType: 'String', Required: false, Mutable: true },
        ],
      }),
    );
    const userPoolId = pool.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local returned no user pool id');
    const appClient = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const userPoolClientId = appClient.UserPoolClient?.ClientId;
    if (!userPoolClientId) throw new Error('cognito-local returned no app client id');
    ids = { userPoolId, userPoolClientId };
    writeFileSync(idsFile, JSON.stringify(ids, null, 2));
  }
  try {
    await client.send(new GetGroupCommand({ UserPoolId: ids.userPoolId, GroupName: 'admin' }));
  } catch {
    await client.send(
      new CreateGroupCommand({ UserPoolId: ids.userPoolId, GroupName: 'admin', Description: 'Admin area' }),
    );
  }
  return ids;
}
