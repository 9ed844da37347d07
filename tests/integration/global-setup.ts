// Starts a throwaway local cloud (DynamoDB Local in memory, cognito-local, the gateway; no web) on
// free ports for the integration suite, and hands its URLs and ids to the tests.
import type { TestProject } from 'vitest/node';
import { startThrowawayCloud, type LocalCloud } from '../../local/cloud.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    cloud: Pick<LocalCloud, 'urls' | 'config' | 'tableName' | 'dataDir'>;
  }
}

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const cloud = await startThrowawayCloud('moneycal-int-');
  project.provide('cloud', {
    urls: cloud.urls,
    config: cloud.config,
    tableName: cloud.tableName,
    dataDir: cloud.dataDir,
  });
  return () => cloud.stop();
}
