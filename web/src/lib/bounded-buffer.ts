// A fixed-size ring: pushing past the capacity drops the oldest entry (spec §9's log and metric
// buffers, the navigation history). Constant memory and O(1) push, whatever a long session records.
export class BoundedBuffer<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private size = 0;
  /** Entries pushed out by newer ones since the buffer was made. */
  dropped = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  get length(): number {
    return this.size;
  }

  push(item: T): void {
    if (this.size < this.capacity) {
      this.items[(this.start + this.size) % this.capacity] = item;
      this.size += 1;
      return;
    }
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    this.dropped += 1;
  }

  /** The newest `n` entries (all when omitted), oldest first. */
  last(n: number = this.size): T[] {
    const count = Math.max(0, Math.min(n, this.size));
    const out: T[] = [];
    for (let i = this.size - count; i < this.size; i += 1)
      out.push(this.items[(this.start + i) % this.capacity] as T);
    return out;
  }

  newest(): T | undefined {
    return this.size === 0 ? undefined : this.items[(this.start + this.size - 1) % this.capacity];
  }

  clear(): void {
    this.items.fill(undefined);
    this.start = 0;
    this.size = 0;
  }
}
