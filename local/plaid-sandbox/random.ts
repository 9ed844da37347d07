// Seeded randomness for the sandbox's generated banking data: the same key always yields the same
// sequence, so a seed + institution + user reproduces the same history on every machine.
import { randomBytes } from 'node:crypto';

/** cyrb128: a fast 128-bit string hash, used to seed sfc32. */
function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A small deterministic PRNG (sfc32) with the helpers the history generator needs. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(key: string) {
    [this.a, this.b, this.c, this.d] = hash128(key);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A few distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const indexes = items.map((_, i) => i);
    for (let i = indexes.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [indexes[i], indexes[j]] = [indexes[j] as number, indexes[i] as number];
    }
    return indexes
      .slice(0, count)
      .sort((a, b) => a - b)
      .map((i) => items[i] as T);
  }

  /** Cents between two dollar amounts, skewed towards the low end like real spending. */
  cents(minDollars: number, maxDollars: number): number {
    const skewed = this.next() ** 1.6;
    return Math.round((minDollars + skewed * (maxDollars - minDollars)) * 100);
  }
}

export const rngFor = (...parts: Array<string | number>): Rng => new Rng(parts.join('|'));

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Plaid-looking 37-character identifier derived from a key (stable for the same key). */
export function idFor(...parts: Array<string | number>): string {
  const rng = rngFor('id', ...parts);
  let id = '';
  for (let i = 0; i < 37; i++) id += BASE62[Math.floor(rng.next() * 62)];
  return id;
}

/** A fresh random identifier (item ids, tokens): never reused, even across restarts. */
export function randomId(length = 37): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return id;
}

/** A random UUID-shaped suffix, as in `access-sandbox-8f3a…`. */
export function randomUuid(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
