// What `import … from 'zod/mini'` means in the web build (vite.config.ts aliases exactly 'zod/mini' here):
// zod 4's mini API, told before any schema is built to check objects without compiling a checker, as
// zod-jitless.ts does for 'zod'. Compiled checkers are made with `new Function`, which the site's
// Content-Security-Policy forbids (no 'unsafe-eval', infra/csp.ts): zod probes once, catches the refusal
// and carries on, but the browser still reports a `securitypolicyviolation` (and logs an error) on every
// page load that checks an object. Being imported first by every module that uses zod/mini, this runs
// before any of them builds a schema. Unlike 'zod', mini loads no locale: an issue's message is zod's
// generic "Invalid input" unless classic zod (which sets English) has loaded.
import { config } from 'zod/v4/mini';

config({ jitless: true });

export * from 'zod/v4/mini';
