// Vite build and dev server of the SPA. The runtime config (`/config.json`) is not bundled: in the cloud
// it is deployed beside index.html, and in development a small plugin serves the file the local
// launcher wrote, named by APP_CONFIG_PATH (see docs/web.md, "Runtime config"). Each build has a
// version, compiled in as import.meta.env.VITE_APP_VERSION and written to /version.json, which the
// running app polls to offer an update (spec §4 Update check). The build manifest feeds `npm run bench`.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

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
  return {
    name: 'app-config-json',
    configureServer(server) {
      server.middlewares.use('/config.json', (req, res, next) => void serve(req, res, next));
    },
    configurePreviewServer(server) {
      server.middlewares.use('/config.json', (req, res, next) => void serve(req, res, next));
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

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), appConfigJson(), versionFile()],
  // The shared folders by name, not by climbing out of web/src (web/tsconfig.json has the same paths).
  resolve: {
    alias: {
      '@domain': fileURLToPath(new URL('../domain', import.meta.url)),
      '@events': fileURLToPath(new URL('../events', import.meta.url)),
    },
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
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
