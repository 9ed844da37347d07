// Vite build and dev server of the SPA. The runtime config (`/config.json`) is not bundled: in the cloud
// it is deployed beside index.html, and in development a small plugin serves the file the local
// launcher wrote, named by APP_CONFIG_PATH (see docs/web.md, "Runtime config"). Each build has a
// version, compiled in as import.meta.env.VITE_APP_VERSION and written to /version.json, which the
// running app polls to offer an update (spec §4 Update check). The build manifest feeds `npm run bench`.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as viteBuild, createServer, defineConfig, type Plugin, type ViteDevServer } from 'vite';
import { withConfigInPage } from '../domain/web-page-config.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** The shared folders by name, not by climbing out of web/src (web/tsconfig.json has the same paths), for
 * the app's build and the inline start's alike. */
const aliases = [
  { find: '@domain', replacement: fileURLToPath(new URL('../domain', import.meta.url)) },
  { find: '@events', replacement: fileURLToPath(new URL('../events', import.meta.url)) },
  // zod/mini without compiled checkers, which the CSP forbids, and with English messages
  // (src/lib/zod-mini-jitless.ts, which imports 'zod/v4/mini'): every 'zod/mini' of the app, domain/ and
  // events/ alike. The browser loads no classic zod (eslint refuses 'zod' under web/src; docs/web.md).
  {
    find: /^zod\/mini$/,
    replacement: fileURLToPath(new URL('./src/lib/zod-mini-jitless.ts', import.meta.url)),
  },
];

/** react-router's production build: its package exports only the build with development warnings. A
 * production bundle takes the other (same code, warnings off: 0.6 KB gzip less on every start). */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
const productionAliases = [
  { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
];

function sendJson(res: ServerResponse, status: number, body: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(body);
}

/** Serves GET /config.json from the file named by APP_CONFIG_PATH, read on every request so the
 * launcher may (re)write it after the server started. */
function appConfigJson(): Plugin {
  const serve = async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/' && pathname !== '') return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = process.env.APP_CONFIG_PATH;
    if (!file) {
      const message =
        'APP_CONFIG_PATH is not set: start the web app with `npm start`, or point it at a config JSON file.';
      return sendJson(res, 404, JSON.stringify({ code: 'not_found', message }));
    }
    try {
      sendJson(res, 200, await readFile(file, 'utf8'));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      sendJson(res, 500, JSON.stringify({ code: 'server', message: `Cannot read ${file}: ${reason}` }));
    }
  };
  // The page itself carries the config (domain/web-page-config.ts): read per load, like /config.json.
  const pageWithConfig = async (html: string) => {
    const file = process.env.APP_CONFIG_PATH;
    return file ? withConfigInPage(html, JSON.stringify(JSON.parse(await readFile(file, 'utf8')))) : html;
  };
  let outDir = 'dist';
  return {
    name: 'app-config-json',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use('/config.json', (req, res, next) => void serve(req, res, next));
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.server ? pageWithConfig(html) : html),
    },
    configurePreviewServer(server) {
      server.middlewares.use('/config.json', (req, res, next) => void serve(req, res, next));
      // Every page load (the SPA's routes and '/') gets index.html with the config in it; files are
      // served as they are.
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        const isPage =
          (req.method === 'GET' || req.method === 'HEAD') &&
          (pathname === '/index.html' || !/\.[a-z0-9]+$/i.test(pathname)) &&
          !pathname.startsWith('/api/') &&
          (req.headers.accept ?? '').includes('text/html');
        if (!isPage) return next();
        readFile(join(outDir, 'index.html'), 'utf8')
          .then(pageWithConfig)
          .then((html) => {
            res.statusCode = 200;
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.setHeader('cache-control', 'no-cache');
            res.end(req.method === 'HEAD' ? undefined : html);
          })
          .catch(next);
      });
    },
  };
}

/**
 * Bundles app/inline-start.ts (the first screen's API requests, sent as the page begins) into index.html
 * as an inline script, in place of its `<!-- inline-start … -->` comment: a classic script runs as it is
 * parsed, before any module has arrived. One inline script more for the Content-Security-Policy, whose
 * hashes the deploy computes from the built page (infra/csp.ts).
 */
function inlineStart(): Plugin {
  const marker = /<!-- inline-start[^>]*-->/;
  let code: Promise<string> | undefined;
  const bundle = async () => {
    const result = await viteBuild({
      configFile: false,
      logLevel: 'error',
      resolve: { alias: aliases },
      build: {
        write: false,
        minify: true,
        emptyOutDir: false,
        lib: {
          entry: fileURLToPath(new URL('./src/app/inline-start.ts', import.meta.url)),
          formats: ['iife'],
          name: 'inlineStart',
        },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
      'output' in r ? r.output : [],
    );
    const chunk = outputs.find((o) => o.type === 'chunk');
    if (!chunk || chunk.type !== 'chunk') throw new Error('inline-start.ts built no chunk');
    if (/<\/script/i.test(chunk.code)) throw new Error('inline-start.ts must not contain "</script"');
    return chunk.code.trim();
  };
  return {
    name: 'inline-start',
    async transformIndexHtml(html, ctx) {
      if (!marker.test(html)) throw new Error('index.html has no <!-- inline-start --> comment');
      // Built once per build; on every load in development, so edits show.
      const source = ctx.server ? await bundle() : await (code ??= bundle());
      return html.replace(marker, () => `<script>${source}</script>`);
    },
  };
}

/** This build's version: the time it was made plus a random tag, unique per build. */
const buildVersion = `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${Math.random().toString(36).slice(2, 8)}`;

/** Emits /version.json ({ version }) beside index.html (spec §4 Update check). */
function versionFile(): Plugin {
  return {
    name: 'version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: buildVersion })}\n`,
      });
    },
  };
}

/**
 * Prerenders #root's two start views into index.html (app/start-views.tsx; docs/web.md, "Landing
 * bundle"): the landing page a signed-out visitor on '/' reads before, and without, any JavaScript, and
 * the loading view of every other start. In development through the dev server's own SSR loading; in a
 * build through a short-lived one made from this same config.
 */
function prerenderStartViews(): Plugin {
  const slot = '<div id="root"></div>';
  let devServer: ViteDevServer | undefined;
  const render = async (server: ViteDevServer) => {
    const views = (await server.ssrLoadModule('/src/app/start-views.tsx')) as { startViewsHtml(): string };
    return views.startViewsHtml();
  };
  return {
    name: 'prerender-start-views',
    configureServer(server) {
      devServer = server;
    },
    async transformIndexHtml(html) {
      if (!html.includes(slot)) throw new Error(`index.html has no empty ${slot} to prerender into`);
      let markup: string;
      if (devServer) {
        markup = await render(devServer);
      } else {
        const server = await createServer({
          configFile: fileURLToPath(import.meta.url),
          mode: 'production',
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          markup = await render(server);
        } finally {
          await server.close();
        }
      }
      return html.replace(slot, `<div id="root">${markup}</div>`);
    },
  };
}

/** The libraries every start of the full app needs before any screen (React, router, query cache).
 * The light landing page loads none of them. zod is not among them: no start needs it before its first
 * screen (/login validates nothing until a form is sent), so it goes with the screens that use it. */
const APP_CORE_LIBS =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|cookie|set-cookie-parser)[\\/]/;

/** One of lucide-react's icon modules (not its index or shared base). */
const LUCIDE_ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** Amplify Auth and what only it uses: one file, loaded on demand (lib/amplify-loader.ts), so a
 * signed-out start never loads it. */
const AMPLIFY_LIBS = /[\\/]node_modules[\\/](@aws-amplify|aws-amplify|@aws-crypto|@smithy|js-cookie)[\\/]/;

/**
 * Fewer files: left to itself the bundler makes a file of every set of modules shared
 * by a different set of screens — 98 files for a /calendar deep link, 65 for /login. Groups, first match
 * wins:
 * - `landing`: all the entry imports statically (what drives the prerendered landing page, and the early
 *   requests of other starts), one file beside the entry; nothing the entry does not import statically
 *   joins it, so the landing page stays light;
 * - `app-core`: the full app's core libraries; `amplify`: Amplify Auth, loaded on demand;
 * - `app`: the app's own code every start of the full app runs (`app/boot.tsx` and its static imports:
 *   providers, router, error screen) and what the signed-in frame and the calendar share with `/login`
 *   (buttons, fields, layouts) or, when small and self-contained, with another signed-out screen;
 * - `frame`: the rest of the signed-in frame (`app/routes/app/root.tsx`: header, navigation, gates) and
 *   the providers' signed-in logic, which every signed-in screen needs;
 * - `money`: the Money Calendar and what it needs beyond the frame (the planned-item form and its API,
 *   which the Money Plan shares). A calendar deep link was 29 files, 14 with this grouping; /plan loads
 *   the calendar's own code with it (≈ 5 KB gzip), which spec §2 preloads 3 s after any start anyway.
 * Screens and what only they share stay lazy. A signed-in deep link was 88 files, and Vite's preload
 * helper spent close to a second of a 4×-throttled CPU adding a `<link rel="modulepreload">` for each;
 * see docs/web.md "Chunks". Grouping each feature was measured and dropped earlier: it pulled code of
 * screens not shown into every start (/login 352 KB and 255 KB gzip against 251 KB).
 */
/** lucide-react's icon modules by every name its index exports them under (`AlertCircle`,
 * `CircleAlertIcon`, …): each icon is its own module, and the index re-exports them all. */
function lucideIconModules(): Map<string, string> {
  const index = createRequire(import.meta.url)
    .resolve('lucide-react')
    .replace(/[\\/]cjs[\\/][^\\/]+$/, '');
  const esm = join(index, 'esm');
  const modules = new Map<string, string>();
  const text = readFileSync(join(esm, 'lucide-react.mjs'), 'utf8');
  for (const [, names = '', file = ''] of text.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) modules.set(name, join(esm, file));
  }
  return modules;
}

/** The icon modules the given source files import by name from 'lucide-react'. */
function iconsUsedBy(ids: Iterable<string>, iconModules: Map<string, string>): Set<string> {
  const used = new Set<string>();
  for (const id of ids) {
    if (id.includes('node_modules') || !/\.(tsx?|jsx?)$/.test(id)) continue;
    let code: string;
    try {
      code = readFileSync(id, 'utf8');
    } catch {
      continue;
    }
    for (const [, names = ''] of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
      for (const part of names.split(',')) {
        const module = iconModules.get(part.trim().split(/\s+as\s+/)[0] ?? '');
        if (module) used.add(module);
      }
    }
  }
  return used;
}

function chunkGroups() {
  const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
  const entry = source('main.tsx');
  type Info = { importedIds: readonly string[] } | null;
  type GetInfo = (id: string) => Info;
  /** A module and everything it imports statically. */
  const closure = (root: string, getModuleInfo: GetInfo) => {
    const seen = new Set<string>();
    const stack = [root];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  let sets:
    | {
        landing: Set<string>;
        app: Set<string>;
        frame: Set<string>;
        money: Set<string>;
        appIcons: Set<string>;
        frameIcons: Set<string>;
        moneyIcons: Set<string>;
      }
    | undefined;
  const setsOf = (getModuleInfo: GetInfo) => {
    if (sets) return sets;
    const of = (...paths: string[]) => {
      const all = new Set<string>();
      for (const path of paths) for (const id of closure(source(path), getModuleInfo)) all.add(id);
      return all;
    };
    // What signed-out starts and on-demand code load: none of it may sit in a signed-in group, or
    // they would load that group's file too.
    const signedOut = of(
      'app/routes/auth/login.tsx',
      'app/routes/auth/signup.tsx',
      'app/routes/auth/verify-email.tsx',
      'app/routes/auth/forgot-password.tsx',
      'app/routes/auth/reset-password.tsx',
      'lib/amplify.ts',
      'app/toaster.tsx',
    );
    const login = of('app/routes/auth/login.tsx');
    // The frame, and the signed-in providers' logic (loaded on demand through lib/signed-in-logic.ts,
    // but always needed with the frame): one file for a signed-in start instead of eight small ones.
    const frame = of('app/routes/app/root.tsx', 'lib/signed-in-logic.ts');
    const app = of('app/boot.tsx');
    const calendar = of('app/routes/app/calendar.tsx');
    for (const id of [...frame, ...calendar]) if (login.has(id)) app.add(id);
    // The app's own small modules a signed-in start shares with another signed-out screen (the sign-up
    // questionnaire's select field, the profile roles) join `app` too when all they import is in it
    // already: /login gains a few hundred bytes, a signed-in start loses a file each.
    const landing = closure(entry, getModuleInfo);
    for (const id of [...frame, ...calendar]) {
      if (app.has(id) || !signedOut.has(id) || id.includes('node_modules')) continue;
      const imports = getModuleInfo(id)?.importedIds ?? [];
      if (imports.every((dep) => app.has(dep) || landing.has(dep) || APP_CORE_LIBS.test(dep))) app.add(id);
    }
    const signedInOnly = (ids: Iterable<string>) =>
      new Set([...ids].filter((id) => !signedOut.has(id) && !app.has(id)));
    // The closures above follow lucide-react's index, which re-exports every icon the app uses, so
    // every icon would join `app` and /login would load ≈ 7 KB of icons it never draws. By what the
    // source files import by name: the icons of a start (boot, the signed-out and public screens) stay
    // in `app`; the other icons the signed-in frame draws go with the frame, the calendar's with `money`;
    // the rest stay lazy, with the screens that draw them.
    const iconModules = lucideIconModules();
    const publicScreens = of(
      'app/routes/auth/callback.tsx',
      'app/routes/auth/two-factor.tsx',
      'app/routes/home.tsx',
      'app/routes/home-decision.tsx',
      'app/routes/invite-accept.tsx',
      'app/routes/not-found.tsx',
      'app/routes/plans.tsx',
      'app/routes/privacy.tsx',
      'app/routes/terms.tsx',
      'app/routes/root.tsx',
      'app/routes/route-error.tsx',
    );
    const appIcons = iconsUsedBy([...app, ...signedOut, ...publicScreens], iconModules);
    const frameIcons = new Set([...iconsUsedBy(frame, iconModules)].filter((id) => !appIcons.has(id)));
    const moneyIcons = new Set(
      [...iconsUsedBy(calendar, iconModules)].filter((id) => !appIcons.has(id) && !frameIcons.has(id)),
    );
    sets = {
      landing,
      app,
      frame: signedInOnly(frame),
      money: signedInOnly([...calendar].filter((id) => !frame.has(id))),
      appIcons,
      frameIcons,
      moneyIcons,
    };
    return sets;
  };
  return [
    {
      debugName: 'app chunks',
      name: (id: string, ctx: { getModuleInfo: GetInfo }) => {
        if (id === entry) return null;
        const { landing, app, frame, money, appIcons, frameIcons, moneyIcons } = setsOf((moduleId) =>
          ctx.getModuleInfo(moduleId),
        );
        if (landing.has(id)) return 'landing';
        if (APP_CORE_LIBS.test(id)) return 'app-core';
        if (AMPLIFY_LIBS.test(id)) return 'amplify';
        if (LUCIDE_ICON.test(id)) {
          if (appIcons.has(id)) return 'app';
          if (frameIcons.has(id)) return 'frame';
          return moneyIcons.has(id) ? 'money' : null;
        }
        if (app.has(id)) return 'app';
        if (frame.has(id)) return 'frame';
        if (money.has(id)) return 'money';
        return null;
      },
    },
  ];
}

export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react(), tailwindcss(), appConfigJson(), versionFile(), prerenderStartViews(), inlineStart()],
  resolve: {
    alias: command === 'build' ? [...productionAliases, ...aliases] : aliases,
  },
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(buildVersion) },
  // Dependencies only lazily loaded screens use: pre-bundled at dev-server start, so opening such a
  // screen for the first time does not make Vite re-optimize and reload the page.
  optimizeDeps: { include: ['@radix-ui/react-switch', '@radix-ui/react-tabs', 'dompurify'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: chunkGroups() } },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
}));
