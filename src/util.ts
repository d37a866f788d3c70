// Object helpers every module uses: own properties only, so that a polluted Object.prototype is never read,
// and `__proto__` keys that stay data.

/** An own property's value, never one inherited through a (possibly polluted) prototype. */
export function own(source: object, key: string): unknown {
  return Object.hasOwn(source, key) ? (source as Record<string, unknown>)[key] : undefined;
}

/** A list's item; a hole is undefined, never read through a polluted Array or Object prototype. */
export function ownItem(list: readonly unknown[], index: number): unknown {
  return Object.hasOwn(list, index) ? list[index] : undefined;
}

/** A plain object: made by a literal, `Object.create(null)` or `JSON.parse`, in any realm. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Sets an own property; a `__proto__` key stays data and never reaches a prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/**
 * A shallow copy of an object's own enumerable properties, `__proto__` kept as data. (Node 20's V8
 * makes objects from `{ ...spread }` pathologically slow to extend, so copies are built key by key.)
 */
export function copyRecord<T>(source: Readonly<Record<string, T>>): Record<string, T> {
  // Object.assign is the fast clone, but it would run the __proto__ setter for an own "__proto__" key.
  if (!Object.hasOwn(source, "__proto__")) return Object.assign({}, source);
  const copy: Record<string, T> = {};
  for (const key of Object.keys(source)) setOwn(copy, key, source[key]);
  return copy;
}
