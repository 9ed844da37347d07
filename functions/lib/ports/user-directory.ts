// The user pool as the admin area sees it: a user's state and groups, and the actions
// an admin takes on them. Cognito in the cloud, cognito-local here (COGNITO_ENDPOINT); a call the local
// stand-in lacks fails with UnsupportedLocallyError (local/cognito/fidelity.cjs adds the ones used).
import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';

export const ADMIN_GROUP = 'admin';

export interface DirectoryUser {
  enabled: boolean;
  /** Cognito's UserStatus: CONFIRMED, UNCONFIRMED, FORCE_CHANGE_PASSWORD, … */
  status: string;
  groups: string[];
}

export interface UserDirectory {
  get(username: string): Promise<DirectoryUser | null>;
  addToGroup(username: string, group: string): Promise<void>;
  removeFromGroup(username: string, group: string): Promise<void>;
  setEnabled(username: string, enabled: boolean): Promise<void>;
  signOutEverywhere(username: string): Promise<void>;
  resendConfirmation(username: string): Promise<void>;
  /** Checks a user's password (a re-authentication before deleting the account): 'ok', 'wrong', or
   * 'locked' after repeated wrong passwords (Cognito's own lockout). The tokens it yields are dropped. */
  checkPassword(username: string, password: string): Promise<'ok' | 'wrong' | 'locked'>;
  /** Deletes the user from the pool; a user already gone is not an error. */
  deleteUser(username: string): Promise<void>;
}

export class UnsupportedLocallyError extends Error {
  constructor(operation: string, options?: ErrorOptions) {
    super(`${operation} is not supported by the local Cognito stand-in`, options);
    this.name = 'UnsupportedLocallyError';
  }
}

const notFound = (error: unknown) => (error as { name?: string }).name === 'UserNotFoundException';

export function cognitoUserDirectory(options: {
  userPoolId: string;
  clientId: string;
  endpoint?: string;
  region?: string;
}): UserDirectory {
  const client = new CognitoIdentityProviderClient({
    ...(options.endpoint
      ? {
          endpoint: options.endpoint,
          region: options.region ?? 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  const local = Boolean(options.endpoint);
  const UserPoolId = options.userPoolId;
  /** cognito-local answers an operation it lacks with an error naming it unsupported. */
  const send = async (operation: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (
        local &&
        /unsupported|not implemented|UnknownOperation/i.test(
          `${(error as Error).name} ${(error as Error).message}`,
        )
      )
        throw new UnsupportedLocallyError(operation, { cause: error });
      throw error;
    }
  };
  /** The pool's own username of a user named by e-mail (an alias): group membership is keyed by it. */
  const usernameOf = async (name: string) =>
    (await client.send(new AdminGetUserCommand({ UserPoolId, Username: name }))).Username ?? name;
  return {
    async get(name) {
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId, Username: name }));
        const groups = await client.send(
          new AdminListGroupsForUserCommand({ UserPoolId, Username: user.Username ?? name }),
        );
        return {
          enabled: user.Enabled !== false,
          status: user.UserStatus ?? 'UNKNOWN',
          groups: (groups.Groups ?? []).map((g) => g.GroupName ?? '').filter(Boolean),
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    addToGroup: async (name, group) => {
      const Username = await usernameOf(name);
      await send('Adding to a group', () =>
        client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username, GroupName: group })),
      );
    },
    removeFromGroup: async (name, group) => {
      const Username = await usernameOf(name);
      await send('Removing from a group', () =>
        client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username, GroupName: group })),
      );
    },
    setEnabled: (username, enabled) =>
      send(enabled ? 'Enabling a user' : 'Disabling a user', () =>
        client.send(
          enabled
            ? new AdminEnableUserCommand({ UserPoolId, Username: username })
            : new AdminDisableUserCommand({ UserPoolId, Username: username }),
        ),
      ),
    // The local cloud adds AdminUserGlobalSignOut to cognito-local (local/cognito/fidelity.cjs).
    signOutEverywhere: (username) =>
      send('Revoking sessions', () =>
        client.send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username: username })),
      ),
    async checkPassword(username, password) {
      try {
        await client.send(
          new AdminInitiateAuthCommand({
            UserPoolId,
            ClientId: options.clientId,
            AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: username, PASSWORD: password },
          }),
        );
        return 'ok';
      } catch (error) {
        const { name, message } = error as Error;
        if (name === 'NotAuthorizedException' || name === 'UserNotFoundException')
          return /attempts exceeded/i.test(message) ? 'locked' : 'wrong';
        // cognito-local says InvalidPasswordException where Cognito says NotAuthorizedException.
        if (name === 'PasswordResetRequiredException' || (local && name === 'InvalidPasswordException'))
          return 'wrong';
        throw error;
      }
    },
    async deleteUser(username) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId, Username: username }));
      } catch (error) {
        if (!notFound(error)) throw error;
      }
    },
    // The local cloud adds ResendConfirmationCode to cognito-local (local/cognito), so this runs here too.
    resendConfirmation: (username) =>
      send('Resending the confirmation code', () =>
        client.send(new ResendConfirmationCodeCommand({ ClientId: options.clientId, Username: username })),
      ),
  };
}
