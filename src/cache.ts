// The bounded caches of split routes, compiled urls and templates: memory stays bounded whatever callers pass.

/** Keys longer than this are compiled on every use and never kept: one compiled key could hold megabytes. */
const MAX_KEY_LENGTH = 4096;

/**
 * `text` as a string of its own, never a view into a larger one: a property name is one. It is also the one
 * string the engine keeps for that text (internalized), so that later look-ups with a literal, the same
 * string, find it at once instead of comparing the text. A dictionary object takes the name without the
 * shape transitions a literal `{ [text]: 0 }` would make.
 */
export function ownCopy(text: string): string {
  names[text] = 0;
  const [name] = Object.keys(names);
  delete names[text];
  return name as string;
}

/** The dictionary `ownCopy` names its text in, empty between calls. */
const names: Record<string, number> = /* @__PURE__ */ Object.create(null);

/** A map that forgets its oldest entries beyond `maxEntries` entries or `maxChars` characters of keys. */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  /**
   * The keys oldest first, one iterator for the cache's life: a fresh one would step over every slot
   * deleted since the Map last compacted (about maxEntries of them). Entries leave only here, oldest
   * first, and a Map iterator sees the keys set after it.
   */
  readonly #oldest = this.#entries.keys();
  #chars = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxChars: number,
  ) {}

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** The value kept for `key`, or `make(key)`, then kept. */
  remember(key: string, make: (key: string) => V): V {
    let value = this.#entries.get(key);
    if (value === undefined) {
      // A key sliced from a huge string keeps all of it alive, and so does every piece `make` slices from
      // it: both get a copy of their own (the same one for equal keys, so the calls that follow find it by
      // identity, as they find a literal).
      const own = ownCopy(key);
      value = make(own);
      this.#keep(own, value);
    }
    return value;
  }

  /** Keeps `value` for a copy of `key` of its own: a key sliced from a huge string never keeps it alive. */
  set(text: string, value: V): void {
    if (!this.#entries.has(text)) this.#keep(ownCopy(text), value);
  }

  #keep(key: string, value: V): void {
    if (key.length > Math.min(MAX_KEY_LENGTH, this.maxChars)) return;
    while (this.#entries.size >= this.maxEntries || this.#chars + key.length > this.maxChars) {
      // A key is left: the iterator has passed only keys deleted here, so it would be done only on an
      // empty cache, and an empty cache takes any key of at most maxChars (as the check above makes
      // every key; every cache here keeps at least one entry).
      const oldest = this.#oldest.next().value as string;
      this.#entries.delete(oldest);
      this.#chars -= oldest.length;
    }
    this.#entries.set(key, value);
    this.#chars += key.length;
  }
}
