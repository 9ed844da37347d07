// OpenAPI 3.0 schemas → JSON Schema for Ajv, shared by the sandboxes' contract tests (Stripe, Plaid):
// `nullable` becomes a null alternative, and `#/components` refs point into the one document added
// to Ajv under `documentId`.
type Json = Record<string, unknown>;

export function openApiToJsonSchema(node: unknown, documentId: string): unknown {
  if (Array.isArray(node)) return node.map((child) => openApiToJsonSchema(child, documentId));
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(rest)) {
    out[key] =
      key === '$ref' && typeof value === 'string'
        ? value.replace('#/components', `${documentId}#/components`)
        : openApiToJsonSchema(value, documentId);
  }
  if (nullable !== true) return out;
  if (typeof out.type === 'string' && !out.anyOf) {
    const withNull: Json = { ...out, type: [out.type, 'null'] };
    if (Array.isArray(out.enum)) withNull.enum = [...(out.enum as unknown[]), null];
    return withNull;
  }
  return { anyOf: [out, { type: 'null' }] };
}
