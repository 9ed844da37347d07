// `npm run lint`'s import-cycle check: no module may reach itself through its imports, type-only imports
// included. A circle means two modules are one purpose split in the wrong place (the shared thing belongs
// in a module both can depend on), and it makes the order modules evaluate in depend on who loads first.
// madge follows type-only imports, which ESLint's no-cycle rules skip, and dynamic import()s: code loaded
// on demand still names what it needs, and a module that names its own loader is one purpose split in two.
// Each part of the repository is read with the tsconfig that resolves its imports (the web app's @domain
// and @events aliases).
import madge from 'madge';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

interface Part {
  /** Folders read, relative to the repository. */
  paths: string[];
  tsConfig: string;
}

const PARTS: Part[] = [
  {
    paths: ['domain', 'events', 'functions', 'infra', 'local', 'bin', 'tests/integration', 'tests/infra'],
    tsConfig: 'tsconfig.json',
  },
  { paths: ['web/src'], tsConfig: 'web/tsconfig.json' },
  { paths: ['tests/e2e'], tsConfig: 'tests/e2e/tsconfig.json' },
];

/** The import cycles among the files under `paths` (each cycle as the files on it, repository-relative). */
export async function importCycles(
  paths: readonly string[],
  tsConfig = 'tsconfig.json',
  /** Fixtures hold deliberate cycles; only their own test reads them. */
  skipFixtures = true,
): Promise<string[][]> {
  const result = await madge(
    paths.map((p) => resolve(root, p)),
    {
      baseDir: root,
      fileExtensions: ['ts', 'tsx', 'js', 'mjs'],
      tsConfig: resolve(root, tsConfig),
      excludeRegExp: [/node_modules/, /\.d\.ts$/, ...(skipFixtures ? [/tests\/fixtures\//] : [])],
    },
  );
  return result.circular();
}

async function main(): Promise<void> {
  const found: string[][] = [];
  for (const part of PARTS) found.push(...(await importCycles(part.paths, part.tsConfig)));
  if (found.length === 0) {
    console.log('No import cycles.');
    return;
  }
  console.error(`${found.length} import cycle(s); move what both sides share to a module both can import:`);
  for (const cycle of found) console.error(`  ${[...cycle, cycle[0]].join(' → ')}`);
  process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
