// Starts the local web server (local/web/child.mjs) in its own process and resolves once it listens.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProcess, type ManagedProcess } from '../processes.ts';

const here = dirname(fileURLToPath(import.meta.url));

export interface WebServerOptions {
  repoRoot: string;
  port: number;
  /** A built SPA to serve (Vite preview); null for the dev server. */
  webDist: string | null;
  /** The gateway the server proxies `prefix` to. */
  apiUrl: string;
  prefix: string;
  /** The runtime config the server puts in each page (web/vite.config.ts reads APP_CONFIG_PATH). */
  configPath: string;
  logFile: string;
}

export function startWebServer(options: WebServerOptions): Promise<ManagedProcess> {
  return startProcess({
    name: 'web server',
    command: process.execPath,
    args: [join(here, 'child.mjs')],
    cwd: options.repoRoot,
    env: {
      APP_CONFIG_PATH: options.configPath,
      WEB_SERVER_OPTIONS: JSON.stringify({
        root: join(options.repoRoot, 'web'),
        configFile: join(options.repoRoot, 'web', 'vite.config.ts'),
        port: options.port,
        webDist: options.webDist ? resolve(options.webDist) : null,
        apiUrl: options.apiUrl,
        prefix: options.prefix,
      }),
    },
    logFile: options.logFile,
    port: options.port,
    // The dev server transforms its dependencies on a first start.
    timeoutMs: 60_000,
  });
}
