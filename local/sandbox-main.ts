// What the Plaid and Stripe sandboxes' command lines (local/*-sandbox/main.ts) share: the --port
// check, the one-line message for a port in use, and a clean stop on Ctrl-C or SIGTERM.

/** The --port value as a port number (0 = any free port); anything else exits 1 with a message. */
export function portFromArg(text: string): number {
  const port = Number.parseInt(text, 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`✖ --port must be a port number, not ${text}`);
    process.exit(1);
  }
  return port;
}

/**
 * The started sandbox; when starting fails it exits 1, saying so in one line when the port is taken
 * and printing the error otherwise.
 */
export function startedOrExit<T>(port: number, starting: Promise<T>): Promise<T> {
  return starting.catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(code === 'EADDRINUSE' ? `✖ Port ${port} is already in use on 127.0.0.1.` : error);
    process.exit(1);
  });
}

/** On Ctrl-C or SIGTERM runs `stop` once (a second signal while it runs does nothing), then exits 0. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal());
  process.on('SIGTERM', () => void onSignal());
}
