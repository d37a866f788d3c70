// Route strings ("GET /repos/{owner}/{repo}"), methods, and endpoint urls compiled once and cached.
import { BoundedCache } from "../base/cache.js";
import { codePointName, isControl, isUnicodeSpace } from "../base/chars.js";
import { EndpointError, quote } from "../base/errors.js";
import type { CompiledUrl } from "./url.js";

/** The HTTP methods a route may use. The `Method` type is derived from this list, so they cannot drift. */
export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** An HTTP method as merged options hold it: uppercase. */
export type Method = (typeof METHODS)[number];

/** Each method by its uppercase and its lowercase name, the two spellings nearly every caller uses. */
const METHOD_BY_NAME = new Map<string, Method>(
  METHODS.flatMap((method) => [[method, method] as const, [method.toLowerCase(), method] as const]),
);

/** The method a word names, in any ASCII case ("poſt" upper-cases to "POST" but names none). */
export function methodNamed(word: string): Method | undefined {
  const known = METHOD_BY_NAME.get(word);
  if (known !== undefined) return known;
  const upper = word.toUpperCase();
  return upper.toLowerCase() === word.toLowerCase() ? METHOD_BY_NAME.get(upper) : undefined;
}

/** Any case of a supported method, upper-cased. */
export function normalizeMethod(method: unknown): Method {
  const known = typeof method === "string" ? methodNamed(method) : undefined;
  if (known !== undefined) return known;
  throw new EndpointError(
    "ERR_INVALID_METHOD",
    `unknown method ${quote(method)}; use one of ${METHODS.join(", ")} (any case)`,
  );
}

/**
 * A route string read into its method (when it names one) and url. Every field is an own property, so
 * that nothing is read from a polluted `Object.prototype`.
 */
export interface SplitRoute {
  readonly method: Method | undefined;
  readonly url: string;
  /** The url compiled, filled in on first use: a call then needs one cache look-up, not two. */
  compiled: CompiledUrl | undefined;
}

/** 2,000 routes: GitHub's API has 1,223. The characters bound what long generated routes can hold. */
const splitCache = new BoundedCache<SplitRoute>(2000, 200_000);

/** Splits `"<METHOD> <url>"` (one or more spaces between) or a bare `"<url>"`; cached per route string. */
export function splitRoute(route: string): SplitRoute {
  return splitCache.remember(route, readRoute);
}

/**
 * Characters a route never holds as they are: control characters, and the Unicode spaces of
 * `isUnicodeSpace`. One character class: the test cannot backtrack.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNUSUAL = /[\u0000-\u001f\u007f-\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;

function readRoute(route: string): SplitRoute {
  // The common route, "GET /path": one space between two words, nothing unusual. Read without a loop.
  const space = route.indexOf(" ");
  if (space > 0 && space < route.length - 1 && route.indexOf(" ", space + 1) === -1 && !UNUSUAL.test(route)) {
    return { method: normalizeMethod(route.slice(0, space)), url: route.slice(space + 1), compiled: undefined };
  }
  return readRouteWords(route);
}

/**
 * Any route read word by word: what `readRoute`'s one-space fast split must agree with (exported for the
 * property test that checks it, not from index.ts).
 */
export function readRouteWords(route: string): SplitRoute {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= route.length; i++) {
    const code = route.charCodeAt(i);
    if (isControl(code)) {
      throw new EndpointError(
        "ERR_INVALID_ROUTE",
        `invalid route ${quote(route)}: control character (${codePointName(code)}) at index ${i}; separate method and url with spaces, percent-encode the rest`,
      );
    }
    if (code >= 0xa0 && isUnicodeSpace(code)) throw unicodeSpaceIn(route, i);
    const isSpace = i === route.length || code === 32;
    if (isSpace && start !== -1) {
      words.push(route.slice(start, i));
      start = -1;
    } else if (!isSpace && start === -1) {
      start = i;
    }
    if (words.length > 2) break;
  }
  const [first, second] = words;
  if (words.length > 2 && methodNamed(first as string) !== undefined) {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `invalid route ${quote(route)}: a space in its url, or more than two words; write "<METHOD> <url>" with a space in the url as %20`,
    );
  }
  if (first === undefined || words.length > 2) {
    throw new EndpointError(
      "ERR_INVALID_ROUTE",
      `invalid route ${quote(route)}: ${first === undefined ? "it is empty" : "it has more than two words"}; write "<METHOD> <url>", e.g. "GET /repos/{owner}/{repo}"`,
    );
  }
  if (second === undefined) {
    if (methodNamed(first) !== undefined) {
      throw new EndpointError(
        "ERR_MISSING_URL",
        `route ${quote(route)} names a method but no url; write "${first} /path"`,
      );
    }
    return { method: undefined, url: first, compiled: undefined };
  }
  return { method: normalizeMethod(first), url: second, compiled: undefined };
}

/**
 * A no-break or other Unicode space, pasted from a web page, would otherwise be sent in the url
 * ("GET\u00a0/user" as ".../GET%C2%A0/user"); only plain spaces separate the method from the url.
 */
function unicodeSpaceIn(route: string, at: number): EndpointError {
  const space = codePointName(route.charCodeAt(at));
  const fix =
    methodNamed(route.slice(0, at).trim()) !== undefined
      ? `${space} separates the method from the url; use plain spaces only`
      : `it holds ${space} at index ${at}; remove it, or percent-encode it as ${encodeURIComponent(route.charAt(at))}`;
  return new EndpointError("ERR_INVALID_ROUTE", `invalid route ${quote(route)}: ${fix}`);
}
