// Child processes of the local cloud: started with a pipe on stdin that the child watches (it exits
// when the pipe closes, so nothing outlives its parent), output to a log file, readiness by TCP port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname } from 'node:path';

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
  ) {
    super(
      `Port ${port} (${service}) is already in use on 127.0.0.1. Stop whatever is using it ` +
        `(\`ss -ltnp 'sport = :${port}'\` shows it), or choose other ports (see docs/running-locally.md).`,
    );
    this.name = 'PortInUseError';
  }
}

/** Resolves when nothing listens on 127.0.0.1:port; rejects with PortInUseError otherwise. */
export function assertPortFree(port: number, service: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, service) : error),
    );
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()));
  });
}

/** A free loopback port chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  logFile: string;
  port: number;
  timeoutMs?: number;
}

export async function startProcess(options: StartOptions): Promise<ManagedProcess> {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const managed: ManagedProcess = {
    name: options.name,
    child,
    async stop() {
      if (!exited) {
        child.stdin?.end();
        child.kill('SIGTERM');
        const killed = await Promise.race([exit.then(() => true), delay(5000).then(() => false)]);
        if (!killed) child.kill('SIGKILL');
        await exit;
      }
      log.end();
    },
  };

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  while (!(await canConnect(options.port))) {
    if (exited) {
      throw new Error(`${options.name} exited before it was ready; see ${options.logFile}`);
    }
    if (Date.now() > deadline) {
      await managed.stop();
      throw new Error(
        `${options.name} did not listen on port ${options.port} in time; see ${options.logFile}`,
      );
    }
    await delay(100);
  }
  return managed;
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
