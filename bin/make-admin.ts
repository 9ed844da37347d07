// Make (or unmake) an admin: an admin needs both the Cognito `admin` group and
// profiles.is_admin, so this sets both, and writes an audit record naming the operator.
//
//   Local cloud (npm start running; ids from .data/cognito-ids.json):
//     npx tsx bin/make-admin.ts --email ada@example.com
//   Cloud (AWS credentials in the environment; values from the deployed stacks' outputs):
//     npx tsx bin/make-admin.ts --email ada@example.com --cloud --user-pool-id us-east-1_X --table-name T
//   --revoke takes the admin rights away instead. The person must have signed in once (their profile).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createData, type Data } from '../functions/lib/data/index.ts';

/** The local cloud's table (LOCAL_TABLE_NAME in local/cloud.ts, not imported: that module starts servers). */
export const LOCAL_TABLE = 'moneycal-local';

export interface MakeAdminTarget {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  data: Data;
}

/** Sets (or clears) both marks of an admin for the user with this e-mail; returns their user id. */
export async function makeAdmin(
  target: MakeAdminTarget,
  email: string,
  { revoke = false, operator = 'bin/make-admin' }: { revoke?: boolean; operator?: string } = {},
): Promise<string> {
  const listed = await target.cognito.send(
    new ListUsersCommand({ UserPoolId: target.userPoolId, Filter: `email = "${email.replace(/"/g, '')}"` }),
  );
  const user = (listed.Users ?? []).find((u) =>
    u.Attributes?.some((a) => a.Name === 'email' && a.Value?.toLowerCase() === email.toLowerCase()),
  );
  const sub = user?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!user?.Username || !sub) throw new Error(`No user with the e-mail ${email} in the user pool`);
  const { data: profile } = await target.data.profiles.get({ id: sub }).go();
  if (!profile) throw new Error(`${email} has no profile yet: sign in once, then run this again`);
  const group = { UserPoolId: target.userPoolId, Username: user.Username, GroupName: 'admin' };
  await target.cognito.send(
    revoke ? new AdminRemoveUserFromGroupCommand(group) : new AdminAddUserToGroupCommand(group),
  );
  await target.data.profiles.patch({ id: sub }).set({ is_admin: !revoke }).go();
  await target.data.adminAudit
    .create({
      id: randomUUID(),
      actor_user_id: 'operator',
      actor_email: operator,
      action: revoke ? 'revoke_admin' : 'grant_admin',
      target_type: 'user',
      target_id: sub,
      before: { is_admin: profile.is_admin },
      after: { is_admin: !revoke },
    })
    .go();
  return sub;
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      revoke: { type: 'boolean', default: false },
      cloud: { type: 'boolean', default: false },
      'user-pool-id': { type: 'string' },
      'table-name': { type: 'string' },
      'data-dir': { type: 'string', default: resolve(import.meta.dirname, '..', '.data') },
      'cognito-endpoint': { type: 'string', default: 'http://127.0.0.1:9229' },
      'dynamodb-endpoint': { type: 'string', default: 'http://127.0.0.1:8000' },
    },
  });
  if (!values.email) {
    console.error(
      'usage: npx tsx bin/make-admin.ts --email EMAIL [--revoke] [--cloud --user-pool-id ID --table-name T]',
    );
    process.exit(2);
  }
  const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  let target: MakeAdminTarget;
  if (values.cloud) {
    if (!values['user-pool-id'] || !values['table-name']) {
      console.error('--cloud needs --user-pool-id and --table-name (the deployed stacks print both)');
      process.exit(2);
    }
    target = {
      cognito: new CognitoIdentityProviderClient({}),
      userPoolId: values['user-pool-id'],
      data: createData({
        ddb: DynamoDBDocumentClient.from(new DynamoDBClient({})),
        tableName: values['table-name'],
      }),
    };
  } else {
    const ids = JSON.parse(readFileSync(join(values['data-dir'], 'cognito-ids.json'), 'utf8')) as {
      userPoolId: string;
    };
    target = {
      cognito: new CognitoIdentityProviderClient({ ...local, endpoint: values['cognito-endpoint'] }),
      userPoolId: ids.userPoolId,
      data: createData({
        ddb: DynamoDBDocumentClient.from(
          new DynamoDBClient({ ...local, endpoint: values['dynamodb-endpoint'] }),
        ),
        tableName: values['table-name'] ?? LOCAL_TABLE,
      }),
    };
  }
  const id = await makeAdmin(target, values.email, {
    revoke: values.revoke,
    operator: process.env.USER ?? 'operator',
  });
  console.log(
    `${values.email} (${id}) ${values.revoke ? 'is no longer an admin' : 'is now an admin'}: sign out and in again for the group to reach the token.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
