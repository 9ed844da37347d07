// Filesystem anchors for the CDK app: every path CDK reads (handler entries, the lock file, the web
// build) is resolved from the repository root, never from the process's working directory.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** The handler of every catalog entry whose issue has not landed yet (answers 501). */
export const notImplementedHandler = 'functions/lib/not-implemented.ts';

export const fromRoot = (...segments: string[]): string => join(repoRoot, ...segments);
