// Deep-frozen input, for the tests that check nothing the caller passes is changed.

/** `value` frozen with everything it holds (typed arrays with elements cannot be, and are left as they are). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    if (ArrayBuffer.isView(value)) return value;
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}
