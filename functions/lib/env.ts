// Reads the process environment once, through one helper that names a missing variable.
export class MissingEnvironmentError extends Error {
  constructor(name: string) {
    super(`Environment variable ${name} is not set`);
    this.name = 'MissingEnvironmentError';
  }
}

export function requireEnv(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name];
  if (value === undefined || value === '') throw new MissingEnvironmentError(name);
  return value;
}

export function optionalEnv(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}
