// Records kept oldest first by the time they carry, for a bound that forgets the oldest: an app's requestids. A
// Map's own order is not that order once the records come back in key order (a restart reads them from the data
// folder by key), and finding its first entry iterates it from the start, stepping over every entry deleted since V8
// last rebuilt the table: about 4 µs a push at 10,000 requestids (`node bench/src/map-queue-cost.mjs`). Here a
// record taken out of the Map stays until it reaches the head, and is passed over there (`isKept`).

/** Past this many passed-over entries at the head, and half the array, the array is cut down to what follows. */
const COMPACT_AFTER = 1024;

export class OldestFirst<T extends { at: number }> {
  #items: T[] = [];
  #head = 0;
  /** False once an item came older than the newest before it: sorted again at the next `oldest`. */
  #sorted = true;

  /** Adds a record as it is placed; a record placed again (updated in place) is passed over the second time. */
  add(item: T): void {
    const newest = this.#items[this.#items.length - 1];
    if (newest !== undefined && item.at < newest.at) this.#sorted = false;
    this.#items.push(item);
  }

  /** The oldest record `isKept` holds for (the owner still keeps it), passing over the ones before it. */
  oldest(isKept: (item: T) => boolean): T | undefined {
    if (!this.#sorted) this.#sort(isKept);
    while (this.#head < this.#items.length && !isKept(this.#items[this.#head] as T)) this.#head += 1;
    // Cut the passed-over head once it is long and half the array: each cut copies at most what as many steps passed.
    if (this.#head >= COMPACT_AFTER && this.#head * 2 >= this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return this.#items[this.#head];
  }

  /** Keeps each kept record once, by time; a stable sort keeps the order of placing among equal times. */
  #sort(isKept: (item: T) => boolean): void {
    const kept = new Set(this.#items.slice(this.#head).filter(isKept));
    this.#items = [...kept].sort((a, b) => a.at - b.at);
    this.#head = 0;
    this.#sorted = true;
  }
}
