// The web server of the local cloud in its own process, as CloudFront is apart from the Lambdas in the
// cloud: the Vite dev server, or Vite's preview of a build, serving the SPA and proxying /api to the
// local gateway. In the gateway's process it shared one event loop with the API's handlers, which the
// cloud's pages never do. Exits when the parent's pipe closes (local/processes.ts).
import { createServer, preview } from 'vite';

process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();

/** @type {{ root: string, configFile: string, port: number, webDist: string | null, apiUrl: string, prefix: string }} */
const options = JSON.parse(process.env.WEB_SERVER_OPTIONS ?? '{}');
/** The visitor's address as the socket gives it ('::ffff:127.0.0.1' read as '127.0.0.1'). */
const socketAddress = (req) => (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
const proxy = {
  [options.prefix]: {
    target: options.apiUrl,
    changeOrigin: true,
    rewrite: (path) => path.slice(options.prefix.length) || '/',
    // As CloudFront's viewer-request function does (infra/same-origin-api.ts): the visitor's address
    // from the connection, overwriting whatever the browser sent, since per-visitor limits of public
    // routes (client reports) count by it.
    configure: (server) => {
      server.on('proxyReq', (proxyReq, req) => {
        proxyReq.setHeader('x-viewer-address', socketAddress(req));
      });
    },
  },
};
const common = { configFile: options.configFile, root: options.root, logLevel: 'warn', clearScreen: false };
if (options.webDist) {
  await preview({
    ...common,
    build: { outDir: options.webDist },
    preview: { port: options.port, host: '127.0.0.1', strictPort: true, open: false, proxy },
  });
} else {
  const server = await createServer({
    ...common,
    server: { port: options.port, host: '127.0.0.1', strictPort: true, proxy },
  });
  await server.listen();
}
