// Starts cognito-local on loopback with a fixed confirmation code; its state lives in dataDir/.cognito.
// Its pre sign-up trigger is the cloud's (functions/auth-pre-sign-up), invoked through the local
// gateway's Lambda endpoint.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, type ManagedProcess } from '../processes.ts';

const here = dirname(fileURLToPath(import.meta.url));

export interface CognitoOptions {
  port: number;
  dataDir: string;
  /** Every confirmation and reset code (fixed in dev). */
  code: string;
  logFile: string;
  /** Where Lambda's Invoke API is served (the local gateway), for the user pool's triggers. */
  lambdaEndpoint: string;
}

/** The pre sign-up trigger's function name (the gateway's `lambdaTriggers` key). */
export const PRE_SIGN_UP_TRIGGER = 'auth-pre-sign-up';

export function startCognito(options: CognitoOptions): Promise<ManagedProcess> {
  mkdirSync(join(options.dataDir, '.cognito'), { recursive: true });
  // cognito-local reads its configuration from .cognito/config.json of its working directory.
  writeFileSync(
    join(options.dataDir, '.cognito', 'config.json'),
    JSON.stringify({
      LambdaClient: {
        endpoint: options.lambdaEndpoint,
        region: 'local',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxRetries: 0,
      },
      TriggerFunctions: { PreSignUp: PRE_SIGN_UP_TRIGGER },
    }),
  );
  return startProcess({
    name: 'cognito-local',
    command: process.execPath,
    args: [join(here, 'child.cjs')],
    // cognito-local keeps its state in ./.cognito of its working directory.
    cwd: options.dataDir,
    env: {
      HOST: '127.0.0.1',
      PORT: String(options.port),
      CODE: options.code,
    },
    logFile: options.logFile,
    port: options.port,
  });
}
