// Vite's build manifest (<outDir>/.vite/manifest.json): which files each source module became and what
// they import. The benchmark weighs the landing page with it; the end-to-end suite names chunks by it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** One manifest entry, keyed by source path relative to web/ (e.g. `src/app/boot.tsx`). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type WebManifest = Record<string, ManifestChunk>;

export function readWebManifest(dist: string): WebManifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as WebManifest;
}

/** The JavaScript and CSS files a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(
  manifest: WebManifest,
  key: string,
  js: Set<string> = new Set(),
  css: Set<string> = new Set(),
): { js: Set<string>; css: Set<string> } {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return { js, css };
  js.add(chunk.file);
  chunk.css?.forEach((file) => css.add(file));
  chunk.imports?.forEach((next) => staticClosure(manifest, next, js, css));
  return { js, css };
}

/** The manifest key of the build's entry (web/src/main.tsx). */
export function entryKey(manifest: WebManifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry);
  if (!key) throw new Error('the build manifest has no entry');
  return key;
}

/** The file a source module was built into; throws if the build has no such module. */
export function builtFile(manifest: WebManifest, key: string): string {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build manifest has no ${key}`);
  return chunk.file;
}

const repoRoot = resolve(import.meta.dirname, '..');

/** `vite build` of the SPA into `outDir` (emptied first): what CloudFront serves. */
export function buildWeb(outDir: string, logLevel: 'warn' | 'error' = 'error'): void {
  const build = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      join(repoRoot, 'web', 'vite.config.ts'),
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      logLevel,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);
}
