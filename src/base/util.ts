// Object helpers every module uses: own properties only, so that a polluted Object.prototype is never read,
// and `__proto__` keys that stay data.
import { dateTime } from "./encode.js";
import { describeType, EndpointError, type EndpointErrorCode } from "./errors.js";

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

/**
 * Refuses a value that is not a plain object (options, merged options, variables, an operation table), in
 * the one shape of that message: `${what} is <type>, not a plain object; ${fix}`. A Map, a class instance or
 * an array would lose its entries unseen, so each is refused by name.
 */
export function checkPlainObject(
  value: unknown,
  what: string,
  fix: string,
  code: EndpointErrorCode,
): asserts value is Readonly<Record<string, unknown>> {
  if (!isPlainObject(value)) {
    throw new EndpointError(code, `${what} is ${describeType(value)}, not a plain object; ${fix}`);
  }
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
 * A caller's value read once into plain data: lists and plain objects are copied, each item and own
 * enumerable property read once, in order (an object's keys in key order, nested objects after the ones that
 * hold them); strings, numbers and class instances (a Date, bytes, a stream) are kept as they are. What is
 * shared stays shared and a cycle stays a cycle, each object copied once; no recursion, so any depth works.
 * Every later step (the url, its checks, the query, the body) reads the copy: a getter, a Proxy or a list
 * that reads differently the second time cannot make a checked value differ from the one written.
 */
export function plainData(value: unknown): unknown {
  if (!isContainer(value)) return value;
  const copies = new Map<object, unknown[] | Record<string, unknown>>();
  const queue: object[] = [];
  const copyOf = (source: object): unknown[] | Record<string, unknown> => {
    let copy = copies.get(source);
    if (copy === undefined) {
      copy = Array.isArray(source) ? [] : {};
      copies.set(source, copy);
      queue.push(source);
    }
    return copy;
  };
  const root = copyOf(value);
  for (let next = 0; next < queue.length; next++) {
    const source = queue[next] as object;
    const copy = copies.get(source) as unknown[] | Record<string, unknown>;
    if (Array.isArray(copy)) {
      const list = source as readonly unknown[];
      const { length } = list;
      for (let i = 0; i < length; i++) {
        const item = ownItem(list, i);
        copy.push(isContainer(item) ? copyOf(item) : item);
      }
    } else {
      const record = source as Readonly<Record<string, unknown>>;
      for (const key of Object.keys(record)) {
        const member = record[key];
        setOwn(copy, key, isContainer(member) ? copyOf(member) : member);
      }
    }
  }
  return root;
}

/** A list or a plain object (not a Date without a prototype): what `plainData` copies. */
export function isContainer(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  return Array.isArray(value) || (isPlainObject(value) && dateTime(value) === undefined);
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
