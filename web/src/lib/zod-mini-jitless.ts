// What `import … from 'zod/mini'` means in the web build (vite.config.ts aliases exactly 'zod/mini' here):
// zod 4's mini API, the only zod the browser loads (eslint refuses classic 'zod' under web/src; docs/web.md
// "zod in the browser"). Before any schema is built it is told two things:
// - check objects without compiling a checker. Compiled checkers are made with `new Function`, which the
//   site's Content-Security-Policy forbids (no 'unsafe-eval', infra/csp.ts): zod probes once, catches the
//   refusal and carries on, but the browser still reports a `securitypolicyviolation` (and logs an error)
//   on every page load that checks an object;
// - word issues in English. Classic zod sets English when it loads; mini loads no locale, so an issue
//   without a message of its own (a bad /config.json field, say) would read zod's generic "Invalid input".
//   Imported from its own file, so the bundle holds English and no other locale.
// Being imported first by every module that uses zod/mini, this runs before any of them builds a schema.
import { config } from 'zod/v4/mini';
import en from 'zod/v4/locales/en.js';

config({ jitless: true });
config(en());

export * from 'zod/v4/mini';
