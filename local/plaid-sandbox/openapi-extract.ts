// Cuts the part of Plaid's published OpenAPI document (public repository plaid/plaid-openapi,
// 2020-09-14.yml) that the contract tests validate against: the request and response schemas of
// /liabilities/get, /transactions/sync, /investments/holdings/get, /investments/transactions/get and
// /link/token/create, the SYNC_UPDATES_AVAILABLE webhook, their $ref closure, and the error body, into
// openapi-subset.json.
// The whole document is about 3 MB and is not committed.
//
//   npx tsx local/plaid-sandbox/openapi-extract.ts [--repo <git dir of plaid/plaid-openapi>] [--commit <sha>]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { parse as parseYaml } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    repo: { type: 'string', default: '/work/.mirror/plaid+plaid-openapi/repo' },
    commit: { type: 'string', default: '26f1a0588c12e765e99c815300d94eae0a3c7dc1' },
    path: { type: 'string', default: '2020-09-14.yml' },
    out: { type: 'string', default: join(here, 'openapi-subset.json') },
  },
});

/** The schemas the contract tests start from. */
export const ROOTS = [
  'LiabilitiesGetRequest',
  'LiabilitiesGetResponse',
  'PlaidError',
  'LinkTokenCreateRequest',
  'TransactionsSyncRequest',
  'TransactionsSyncResponse',
  'SyncUpdatesAvailableWebhook',
  'InvestmentsHoldingsGetRequest',
  'InvestmentsHoldingsGetResponse',
  'InvestmentsTransactionsGetRequest',
  'InvestmentsTransactionsGetResponse',
] as const;

type Json = Record<string, unknown>;

function refsOf(node: unknown, found: Set<string>): void {
  if (Array.isArray(node)) for (const child of node) refsOf(child, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string') found.add(value.replace('#/components/schemas/', ''));
      else refsOf(value, found);
    }
  }
}

async function main() {
  const commit = execFileSync('git', ['--git-dir', args.repo, 'rev-parse', args.commit], {
    encoding: 'utf8',
  }).trim();
  const text = execFileSync('git', ['--git-dir', args.repo, 'show', `${commit}:${args.path}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const document = parseYaml(text) as {
    info: { version: string };
    components: { schemas: Record<string, Json> };
  };
  const all = document.components.schemas;
  const keep = new Set<string>();
  const queue: string[] = [...ROOTS];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (keep.has(name)) continue;
    const schema = all[name];
    if (!schema) throw new Error(`schema ${name} is not in the document`);
    keep.add(name);
    const found = new Set<string>();
    refsOf(schema, found);
    queue.push(...found);
  }
  const schemas = Object.fromEntries([...keep].sort().map((name) => [name, all[name]]));
  const subset = {
    source: { repository: 'plaid/plaid-openapi', commit, path: args.path, version: document.info.version },
    roots: ROOTS,
    components: { schemas },
  };
  const out = await format(JSON.stringify(subset), { ...(await resolveConfig(args.out)), parser: 'json' });
  writeFileSync(args.out, out);
  console.log(
    `${keep.size} schemas from ${args.path} at ${commit.slice(0, 7)} (${document.info.version}) → ${args.out}`,
  );
}

await main();
