// Runs the local Plaid sandbox on its own:
//   npx tsx local/plaid-sandbox/main.ts --port 8810
// Options: --port (0 = any free port), --client-id / --secret (default PLAID_CLIENT_ID / PLAID_SECRET,
// else local-client-id / local-secret), --seed, --data-file (keep items across restarts),
// --webhook-url (default webhook for items), --initial-update-ms / --historical-update-ms (how long the
// first extraction takes after the exchange; 0 and 0: ready at once), --quiet (no request log).
import { parseArgs } from 'node:util';
import { createPlaidSandbox, DEFAULT_FIRST_SYNC } from './sandbox.ts';
import { portFromArg, startedOrExit, stopOnSignals } from '../sandbox-main.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8810' },
    'client-id': { type: 'string', default: process.env.PLAID_CLIENT_ID ?? 'local-client-id' },
    secret: { type: 'string', default: process.env.PLAID_SECRET ?? 'local-secret' },
    seed: { type: 'string', default: 'plaid-sandbox' },
    'data-file': { type: 'string' },
    'webhook-url': { type: 'string' },
    'initial-update-ms': { type: 'string', default: String(DEFAULT_FIRST_SYNC.initialMs) },
    'historical-update-ms': { type: 'string', default: String(DEFAULT_FIRST_SYNC.historicalMs) },
    quiet: { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

const port = portFromArg(args.port);

const sandbox = await startedOrExit(
  port,
  createPlaidSandbox({
    port,
    clientId: args['client-id'],
    secret: args.secret,
    seed: args.seed,
    ...(args['data-file'] ? { dataFile: args['data-file'] } : {}),
    ...(args['webhook-url'] ? { webhookUrl: args['webhook-url'] } : {}),
    firstSync: {
      initialMs: Number(args['initial-update-ms']) || 0,
      historicalMs: Number(args['historical-update-ms']) || 0,
    },
    log: args.quiet ? undefined : (line) => console.log(line),
  }),
);

console.log(
  `✔ Plaid sandbox at ${sandbox.url} (today ${sandbox.clock.today()})  ·  keys: PLAID-CLIENT-ID=${args['client-id']} ` +
    `PLAID-SECRET=${args.secret}  ·  Link script: ${sandbox.url}/link/link-initialize.js  ·  Ctrl-C stops it`,
);

stopOnSignals(() => sandbox.close());
