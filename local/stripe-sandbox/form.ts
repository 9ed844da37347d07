// Stripe's request encoding: application/x-www-form-urlencoded bodies and query strings in bracket
// notation (`line_items[0][price]=…`, `expand[]=…`, `metadata[plan]=…`), read into nested values.
import { errors } from './errors.ts';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = Record<string, FormValue>;

/** Parses `a[b][0][c]=v` pairs; `a[]` appends. Objects whose keys are all indexes become arrays. */
export function parseForm(text: string): Form {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match?.[1]) throw errors.invalidRequest(`Invalid parameter name: ${rawKey}`, rawKey);
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === 'string') throw errors.invalidRequest(`Invalid parameter: ${rawKey}`, rawKey);
      if (!next) node[key] = {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return arraysFrom(root) as Form;
}

function arraysFrom(node: unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>).map(
    ([k, v]) => [k, arraysFrom(v)] as const,
  );
  const indexed = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  if (!indexed) return Object.fromEntries(entries);
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
}

/** Typed reads of form parameters with Stripe's messages for wrong values. */
export class Params {
  constructor(
    readonly form: Form,
    private readonly prefix = '',
  ) {}

  private name(key: string) {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.form[key] !== undefined;
  }

  /** Fails with `parameter_unknown` for any parameter outside `allowed`. */
  only(allowed: readonly string[]): this {
    for (const key of Object.keys(this.form)) {
      if (!allowed.includes(key)) throw errors.unknownParameter(this.name(key));
    }
    return this;
  }

  string(key: string): string | undefined {
    const value = this.form[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw errors.invalidString(this.name(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw errors.missingParameter(this.name(key));
    return value;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d+$/.test(value)) throw errors.invalidInteger(this.name(key), value);
    return Number.parseInt(value, 10);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw errors.invalidBoolean(this.name(key), value);
    return value === 'true';
  }

  enumOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!values.includes(value as T)) throw errors.invalidEnum(this.name(key), value, values);
    return value as T;
  }

  object(key: string): Params | undefined {
    const value = this.form[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalidObject(this.name(key));
    return new Params(value, this.name(key));
  }

  array(key: string): Params[] {
    const value = this.form[key];
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw errors.invalidArray(this.name(key));
    return value.map((item, index) => {
      if (typeof item !== 'object' || Array.isArray(item))
        throw errors.invalidObject(`${this.name(key)}[${index}]`);
      return new Params(item, `${this.name(key)}[${index}]`);
    });
  }

  strings(key: string): string[] {
    const value = this.form[key];
    if (value === undefined) return [];
    const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
    if (!list || list.some((item) => typeof item !== 'string')) throw errors.invalidArray(this.name(key));
    return list as string[];
  }

  /**
   * Metadata updates as Stripe applies them: `metadata[k]=v` sets, `metadata[k]=` unsets, and
   * `metadata=` (empty) clears everything.
   */
  metadata(current: Record<string, string> = {}): Record<string, string> | undefined {
    const value = this.form.metadata;
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (typeof value !== 'object' || Array.isArray(value)) throw errors.invalidObject(this.name('metadata'));
    const next = { ...current };
    for (const [key, item] of Object.entries(value)) {
      if (typeof item !== 'string') throw errors.invalidString(`${this.name('metadata')}[${key}]`);
      if (item === '') delete next[key];
      else next[key] = item;
    }
    if (Object.keys(next).length > 50)
      throw errors.invalidRequest('Metadata can have at most 50 keys.', 'metadata');
    return next;
  }
}
