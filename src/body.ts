// What kind of request body a value is: the one reading that `endpoint()` (for its content-type) and the
// adapters (for how they send it) share.

/** `Object.prototype.toString`'s tag: it tells a realm's built-ins apart from look-alikes. */
export function tag(value: object): string {
  return Object.prototype.toString.call(value);
}

export function isShared(buffer: ArrayBufferLike): boolean {
  return tag(buffer) === "[object SharedArrayBuffer]";
}

/** An instance of a global class that a runtime may not have (Blob, FormData…). */
export function isInstance(value: object, name: "Blob" | "FormData" | "URLSearchParams" | "ReadableStream"): boolean {
  const type = (globalThis as Record<string, unknown>)[name];
  return typeof type === "function" && value instanceof type;
}

/** The tags of the platform's self-labelling bodies, from any realm or copy of undici (a File's is its own). */
const LABELLED_TAGS = new Set([
  "[object FormData]",
  "[object URLSearchParams]",
  "[object Blob]",
  "[object File]",
  "[object ReadableStream]",
]);

/** Bytes: an ArrayBuffer (shared or not) or a view of one (Uint8Array, Buffer, DataView…). */
export function isBytes(value: object): value is ArrayBuffer | ArrayBufferView {
  return ArrayBuffer.isView(value) || tag(value) === "[object ArrayBuffer]" || isShared(value as ArrayBufferLike);
}

/** A Node.js readable stream: it has a `pipe` of its class's (one inherited from Object.prototype is pollution). */
export function isPipeable(value: object): boolean {
  const { pipe } = value as { pipe?: unknown };
  return typeof pipe === "function" && pipe !== (Object.prototype as { pipe?: unknown }).pipe;
}

/**
 * A body the platform labels, or that only the caller can label: FormData, URLSearchParams, a Blob or File
 * (of any realm, or of another copy of undici), bytes, or a stream (a ReadableStream, a Node.js stream, an
 * async iterable). Every other body is labelled JSON, as @octokit/endpoint labels it: a plain object or
 * array, and a string, number, boolean or null (JSON text a caller wrote, or a JSON scalar).
 */
export function labelsItself(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  return (
    isBytes(body) ||
    LABELLED_TAGS.has(tag(body)) ||
    isInstance(body, "URLSearchParams") ||
    isInstance(body, "Blob") ||
    isInstance(body, "FormData") ||
    isInstance(body, "ReadableStream") ||
    isPipeable(body) ||
    // An async iterable, which fetch streams: only the caller knows what it holds.
    typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function"
  );
}
