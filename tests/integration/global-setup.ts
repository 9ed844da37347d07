// Starts a throwaway local cloud (DynamoDB Local in memory, cognito-local, the gateway; no web) on
// free ports for the integration suite, and hands its URLs and ids to the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud, type LocalCloud } from '../../local/cloud.ts';
import { freePort } from '../../local/processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    cloud: Pick<LocalCloud, 'urls' | 'config' | 'tableName' | 'dataDir'>;
  }
}

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'moneycal-int-'));
  const cloud = await startLocalCloud({
    dataDir,
    inMemory: true,
    web: false,
    ports: {
      dynamodb: await freePort(),
      cognito: await freePort(),
      api: await freePort(),
      web: 0,
      plaid: await freePort(),
    },
  });
  project.provide('cloud', { urls: cloud.urls, config: cloud.config, tableName: cloud.tableName, dataDir });
  return async () => {
    await cloud.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
