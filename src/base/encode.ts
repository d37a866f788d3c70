// Values into URL text: scalars as text, and percent-encoding with one table per allowed set.
// Unlike encodeURIComponent these never throw: a lone surrogate becomes U+FFFD, as the
// WHATWG URL serializer does.

import { charSet, isHexDigit } from "./chars.js";

/** A set of ASCII characters left as they are (with letters and digits); everything else is percent-encoded as UTF-8. */
type AllowedSet = Uint8Array;

/** RFC 6570 `U`: unreserved characters only (RFC 3986 section 2.3). */
const UNRESERVED = charSet("-._~");
/** RFC 6570 `U+R`: unreserved and reserved characters (RFC 3986 section 2.2). */
const RESERVED = charSet("-._~:/?#[]@!$&'()*+,;=");
/** Exactly what `encodeURIComponent` leaves alone. */
const COMPONENT = charSet("-_.!~*'()");
/** `encodeURIComponent`, but `+` stays: GitHub's search reads `+` as a space. */
const COMPONENT_AND_PLUS = charSet("-_.!~*'()+");
/**
 * OpenAPI's allowReserved: RFC 3986's reserved characters that a query may hold (all but `#`, `[` and `]`),
 * except those a form-encoded query reads (`&`, `=`, `+`).
 */
const QUERY_RESERVED = /* @__PURE__ */ charSet("-._~:/?@!$'()*,;");

const HEX = Array.from({ length: 256 }, (_, byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`);

function utf8(codePoint: number): string {
  if (codePoint < 0x800) {
    return (HEX[0xc0 | (codePoint >> 6)] as string) + HEX[0x80 | (codePoint & 63)];
  }
  if (codePoint < 0x10000) {
    return (
      (HEX[0xe0 | (codePoint >> 12)] as string) + HEX[0x80 | ((codePoint >> 6) & 63)] + HEX[0x80 | (codePoint & 63)]
    );
  }
  return (
    (HEX[0xf0 | (codePoint >> 18)] as string) +
    HEX[0x80 | ((codePoint >> 12) & 63)] +
    HEX[0x80 | ((codePoint >> 6) & 63)] +
    HEX[0x80 | (codePoint & 63)]
  );
}

function encodeWith(text: string, allowed: AllowedSet, keepTriplets: boolean): string {
  let out = "";
  let last = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      if (allowed[code] === 1) continue;
      if (keepTriplets && code === 37 && isHexDigit(text.charCodeAt(i + 1)) && isHexDigit(text.charCodeAt(i + 2))) {
        i += 2;
        continue;
      }
      out += text.slice(last, i) + HEX[code];
      last = i + 1;
      continue;
    }
    const start = i;
    let codePoint = code;
    if (code >= 0xd800 && code <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        codePoint = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        codePoint = 0xfffd;
      }
    }
    out += text.slice(last, start) + utf8(codePoint);
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** RFC 6570 encoding for `{x}`, `{/x}`, `{?x}`…: only unreserved characters stay. */
export function encodeUnreserved(text: string): string {
  return encodeWith(text, UNRESERVED, false);
}

/** RFC 6570 encoding for `{+x}`, `{#x}` and literals: reserved characters and `%XX` triplets stay. */
export function encodeReserved(text: string): string {
  return encodeWith(text, RESERVED, true);
}

/** Same output as `encodeURIComponent` for well-formed text; never throws. */
export function encodeComponent(text: string): string {
  return encodeWith(text, COMPONENT, false);
}

/** `encodeComponent` that keeps `+` (GitHub search's `q`). */
export function encodeComponentKeepingPlus(text: string): string {
  return encodeWith(text, COMPONENT_AND_PLUS, false);
}

/**
 * OpenAPI's allowReserved (https://spec.openapis.org/oas/v3.1.1#parameter-allow-reserved): RFC 6570's reserved
 * expansion, whose reserved characters and `%XX` triplets stay, except `#`, `[` and `]`, which RFC 3986
 * (section 3.4) does not allow in a query (a `#` would end it), and `&`, `=` and `+`, which the spec leaves
 * to the application to encode because a form-encoded query reads them (a value's `&` would start a pair).
 */
export function encodeQueryReserved(text: string): string {
  return encodeWith(text, QUERY_RESERVED, true);
}

/**
 * A scalar value as URL text: strings as they are, numbers, bigints and booleans by `String()`, a
 * valid Date as ISO 8601. Anything else (objects, arrays, invalid dates, symbols, functions): undefined.
 */
export function scalarText(value: unknown): string | undefined {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "bigint":
    case "boolean":
      return String(value);
    case "object": {
      const time = dateTime(value);
      if (time === undefined || Number.isNaN(time)) return undefined;
      // A Date of this realm (a subclass's own toISOString included) writes itself, another realm's by its
      // time. A subclass's toISOString that gives no string makes it no scalar: an error names it.
      const text: unknown = value instanceof Date ? value.toISOString() : new Date(time).toISOString();
      return typeof text === "string" ? text : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The time of a `Date` from any realm (an iframe's, a `vm` context's, a test sandbox's), NaN for an
 * invalid one, undefined for anything that is not a real Date (`Object.create(Date.prototype)` and null included).
 */
export function dateTime(value: unknown): number | undefined {
  if (!(value instanceof Date) && Object.prototype.toString.call(value) !== "[object Date]") return undefined;
  try {
    // A brand check: getTime throws unless `value` holds a date, whatever its prototype says.
    return Date.prototype.getTime.call(value);
  } catch {
    return undefined;
  }
}
