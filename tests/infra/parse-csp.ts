// Reads a Content-Security-Policy header value back into directives, for assertions.
/** The policy as directive → sources. */
export function parseCsp(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}
