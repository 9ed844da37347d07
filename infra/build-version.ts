// The server build's version, shown on /admin/system and logged: BUILD_VERSION when the
// operator or CI sets it, else the commit being deployed (`git rev-parse --short HEAD`), else 'unknown'
// (a tree without git). The SPA's own build version is separate (web/vite.config.ts).
import { execFileSync } from 'node:child_process';

let cached: string | undefined;

export function buildVersion(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BUILD_VERSION) return env.BUILD_VERSION;
  cached ??= (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: import.meta.dirname,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return 'unknown';
    }
  })();
  return cached;
}
