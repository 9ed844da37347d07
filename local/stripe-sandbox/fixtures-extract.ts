// Cuts the top-level field names of Stripe's own example objects (openapi/fixtures3.json of the current
// stripe/openapi snapshot, which is small enough to be readable here where the current full document is
// not) for the resources the sandbox renders, into fixture-fields.json. The contract test checks that
// every field Stripe's current example has is in the sandbox's object too. See docs/stripe-sandbox.md.
//
//   npx tsx local/stripe-sandbox/fixtures-extract.ts [--repo <git dir of stripe/openapi>] [--commit <sha>]
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));

/** The resources the sandbox renders, by their `object` value. */
export const RESOURCES = [
  'billing_portal.session',
  'checkout.session',
  'customer',
  'event',
  'invoice',
  'invoice_payment',
  'line_item',
  'payment_intent',
  'payment_method',
  'plan',
  'price',
  'product',
  'subscription',
  'subscription_item',
] as const;

const { values: args } = parseArgs({
  options: {
    repo: { type: 'string', default: '/work/.mirror/stripe+openapi/repo' },
    commit: { type: 'string', default: 'HEAD' },
    out: { type: 'string', default: join(here, 'fixture-fields.json') },
  },
});

const commit = execFileSync('git', ['-C', args.repo, 'rev-parse', args.commit], { encoding: 'utf8' }).trim();
const text = execFileSync('git', ['-C', args.repo, 'show', `${commit}:openapi/fixtures3.json`], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
const fixtures = (JSON.parse(text) as { resources: Record<string, Record<string, unknown>> }).resources;
const fields = Object.fromEntries(
  RESOURCES.map((name) => {
    const fixture = fixtures[name];
    if (!fixture) throw new Error(`fixtures3.json has no ${name}`);
    return [name, Object.keys(fixture).sort()];
  }),
);
writeFileSync(
  args.out,
  `${JSON.stringify({ source: `stripe/openapi ${commit} openapi/fixtures3.json`, fields }, null, 2)}\n`,
);
console.log(`wrote ${args.out}: ${RESOURCES.length} resources from ${commit.slice(0, 7)}`);
