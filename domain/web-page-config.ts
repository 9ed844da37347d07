// index.html's runtime-config block (docs/web.md "Runtime config"): a contract between
// the page and whoever serves it, so here, where both sides may import it. The build leaves it empty;
// whoever serves the page fills it with the stage's config: the dev and preview servers on every load
// (web/vite.config.ts), the cloud deploy in the uploaded file (infra/web-stack.ts). It is data (a JSON
// script block), not a script: the browser never runs it, so the Content-Security-Policy's script hashes
// do not change with it.

export const CONFIG_SLOT = '<script type="application/json" id="app-config"></script>';

/** The page with `configJson` in its config block. `<` is escaped, so no value can end the block. */
export function withConfigInPage(html: string, configJson: string): string {
  if (!html.includes(CONFIG_SLOT)) throw new Error(`index.html has no empty ${CONFIG_SLOT}`);
  const safe = configJson.replace(/</g, '\\u003c');
  return html.replace(CONFIG_SLOT, () => `<script type="application/json" id="app-config">${safe}</script>`);
}
