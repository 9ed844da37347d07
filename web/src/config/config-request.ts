// The page's one request of /config.json (issue 12 item 2): index.html preloads it, the entry reads it
// to start the first screen's data early (lib/early-data.ts), and the full app validates it
// (app-config.ts). All share this request; each reads its own copy of the answer.

let request: Promise<Response> | null = null;

/** /config.json as this page load fetched it (once; the fetch matches index.html's preload). */
export function configResponse(fetchFn: typeof fetch = fetch): Promise<Response> {
  // No cache option and no extra header: the request must match the preload to reuse it. The file is
  // served no-cache (revalidated on every load), so a deploy's new config is read.
  request ??= fetchFn('/config.json');
  return request.then((response) => response.clone());
}

/** The parsed file, unvalidated; null when it could not be read. */
export async function rawConfig(): Promise<unknown> {
  try {
    const response = await configResponse();
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
}
