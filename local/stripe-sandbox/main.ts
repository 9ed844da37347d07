// Runs the local Stripe sandbox on its own:
//   npx tsx local/stripe-sandbox/main.ts --port 8820 --webhook-url http://127.0.0.1:3001/webhooks/stripe
// Options: --port (0 = any free port), --secret-key (default STRIPE_SECRET_KEY, else sk_test_local),
// --webhook-url and --webhook-secret (default STRIPE_WEBHOOK_SECRET, else a new whsec_), --quiet.
import { parseArgs } from 'node:util';
import { startStripeSandbox } from './sandbox.ts';
import { portFromArg, startedOrExit, stopOnSignals } from '../sandbox-main.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '8820' },
    'secret-key': { type: 'string', default: process.env.STRIPE_SECRET_KEY ?? 'sk_test_local' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string', default: process.env.STRIPE_WEBHOOK_SECRET },
    quiet: { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

const port = portFromArg(args.port);

const sandbox = await startedOrExit(
  port,
  startStripeSandbox({
    port,
    secretKey: args['secret-key'],
    webhooks: args['webhook-url']
      ? [
          {
            url: args['webhook-url'],
            ...(args['webhook-secret'] ? { secret: args['webhook-secret'] } : {}),
          },
        ]
      : [],
    log: args.quiet ? undefined : (line) => console.log(line),
  }),
);

const endpoint = sandbox.webhooks.endpoints[0];
console.log(
  `✔ Stripe sandbox at ${sandbox.url}  ·  key ${sandbox.secretKey}  ·  prices ${Object.entries(sandbox.prices)
    .map(([key, id]) => `${key}=${id}`)
    .join(' ')}` +
    (endpoint
      ? `  ·  webhooks → ${endpoint.url} signed with ${endpoint.secret}`
      : '  ·  no webhook endpoint') +
    `  ·  advance the clock: POST ${sandbox.url}/__sandbox/clock/advance {"days":7}  ·  Ctrl-C stops it`,
);

stopOnSignals(() => sandbox.stop());
