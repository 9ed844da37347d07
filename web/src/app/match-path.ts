// Route patterns against an address, without the router: shared by the entry's screen table
// (app/screens.ts) and index.html's inline start (app/start-files.ts), which run before it loads.

/** Whether `pattern` (a route path with `:param` segments) matches `pathname`. */
export function matchesPath(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (pathname !== '/' && want.length !== have.length) return false;
  return want.every((part, index) => part.startsWith(':') || part === have[index]);
}
