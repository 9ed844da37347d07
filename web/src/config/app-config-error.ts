// The error of a runtime config that is missing, unreachable or invalid: the startup error screen names
// it. Its own module, so the config loader and the schema that judges a config both use it without
// importing each other.
export class AppConfigError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'AppConfigError';
  }
}
