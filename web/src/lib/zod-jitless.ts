// What `import … from 'zod'` means in the web build (vite.config.ts aliases exactly 'zod' here): zod 4,
// told before any schema is built to check objects without compiling a checker. Its compiled checkers
// are made with `new Function`, which the site's Content-Security-Policy forbids (no 'unsafe-eval',
// infra/csp.ts): zod probes once, catches the refusal and carries on, but the browser still reports a
// `securitypolicyviolation` (and logs an error) on every page load that checks an object. Being imported
// first by every module that uses zod, this runs before any of them builds a schema.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
