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

/**
 * `text` copied, so that it is no view into a larger string: a view of a string made here. In a fresh
 * process several times cheaper than `ownCopy`, but not the engine's one string for the text.
 */
function flatCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/** A value kept, and whether its key is the engine's one string for its text yet (see `#found`). */
interface Entry<V> {
  readonly value: V;
  interned: boolean;
}

/** A map that forgets its oldest entries beyond `maxEntries` entries or `maxChars` characters of keys. */
export class BoundedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  /**
   * The keys oldest first, one iterator for the cache's life: a fresh one would step over every slot
   * deleted since the Map last compacted (about maxEntries of them). Entries leave in `#keep`, oldest
   * first, or move to the end in `#found`; a Map iterator sees the keys set after it.
   */
  readonly #oldest = this.#entries.keys();
  #chars = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxChars: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    return entry === undefined ? undefined : this.#found(key, entry);
  }

  /** The value kept for `key`, or `make(key)`, then kept. */
  remember(key: string, make: (key: string) => V): V {
    const entry = this.#entries.get(key);
    if (entry !== undefined) return this.#found(key, entry);
    // A key too long to keep is used as it is: copying it would cost each call its length in memory.
    if (!this.#fits(key)) return make(key);
    // A key sliced from a huge string keeps all of it alive, and so does every piece `make` slices from
    // it: both get a copy of their own.
    const own = flatCopy(key);
    const value = make(own);
    this.#keep(own, { value, interned: false });
    return value;
  }

  /** Keeps `value` for a copy of `key` of its own: a key sliced from a huge string never keeps it alive. */
  set(text: string, value: V): void {
    if (this.#fits(text) && !this.#entries.has(text)) this.#keep(flatCopy(text), { value, interned: false });
  }

  /** Whether a key is short enough to be kept at all. */
  #fits(key: string): boolean {
    return key.length <= Math.min(MAX_KEY_LENGTH, this.maxChars);
  }

  /**
   * A key found a second time is kept from then on as the engine's one string for its text, which later
   * look-ups with a literal (that same string) find by identity rather than by comparing the text. A key
   * used once, such as each route of a short-lived process, never pays for that.
   */
  #found(key: string, entry: Entry<V>): V {
    if (!entry.interned) {
      entry.interned = true;
      this.#entries.delete(key);
      this.#entries.set(ownCopy(key), entry);
    }
    return entry.value;
  }

  #keep(key: string, entry: Entry<V>): void {
    while (this.#entries.size >= this.maxEntries || this.#chars + key.length > this.maxChars) {
      // A key is left: the iterator has passed only keys deleted here, so it would be done only on an
      // empty cache, and an empty cache takes any key of at most maxChars (as the check above makes
      // every key; every cache here keeps at least one entry).
      const oldest = this.#oldest.next().value as string;
      this.#entries.delete(oldest);
      this.#chars -= oldest.length;
    }
    this.#entries.set(key, entry);
    this.#chars += key.length;
  }
}
