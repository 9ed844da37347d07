// The page's runtime config. The server puts it into index.html (a JSON block,
// `<script type="application/json" id="app-config">`: the local web server and the dev server on every
// load, the cloud deploy into the uploaded file; docs/web.md "Runtime config"), so a start reads it
// without a request, and index.html's inline script can send the first screen's API calls at once
// (lib/early-data.ts). Where the block is empty (a server that does not fill it), the page fetches
// /config.json, which index.html's first inline script preloads. The entry reads the config to start the
// data early, and the full app validates it (app-config.ts); each reads its own copy.

/** The id of index.html's config block. */
export const APP_CONFIG_ELEMENT_ID = 'app-config';

/** The config the server put into the page, as text; null when the block is missing or empty. */
export function inlineConfigText(doc: Pick<Document, 'getElementById'> | undefined): string | null {
  const text = doc?.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent?.trim();
  return text ? text : null;
}

let request: Promise<Response> | null = null;

/** The config as a response: the page's own block when filled, else /config.json fetched (once; the
 * fetch matches index.html's preload). */
export function configResponse(
  fetchFn: typeof fetch = fetch,
  doc: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): Promise<Response> {
  if (!request) {
    const inline = inlineConfigText(doc);
    // No cache option and no extra header: the request must match the preload to reuse it. The file
    // is served no-cache (revalidated on every load), so a deploy's new config is read.
    request = inline
      ? Promise.resolve(new Response(inline, { headers: { 'content-type': 'application/json' } }))
      : fetchFn('/config.json');
  }
  return request.then((response) => response.clone());
}

/** The parsed config, unvalidated; null when it could not be read. */
export async function rawConfig(): Promise<unknown> {
  try {
    const response = await configResponse();
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
}
