// Starts cognito-local on loopback with a fixed confirmation code; its state lives in dataDir/.cognito.
import { mkdirSync } from 'node:fs';
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
}

export function startCognito(options: CognitoOptions): Promise<ManagedProcess> {
  mkdirSync(options.dataDir, { recursive: true });
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
