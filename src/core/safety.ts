// Path and host safety, checked on each expanded url: values may not form a "." or ".." segment, which
// URL parsers resolve away (climbing the path), nor leave a full url without its host or move it. The
// url's own text may do either: it is its author's. What wrote each character is read from the expansion.
import { EndpointError, quote } from "../base/errors.js";

/**
 * Where the authority of a url that carries its own scheme and host (`http://` or `https://`, any case)
 * starts, after its `//`; -1 for any other url. The one reading of "a full url" and of where its authority
 * starts: url.ts, the adapters and pages.ts read it here.
 */
export function authorityAt(url: string): number {
  for (let i = 0; i < 4; i++) {
    // `| 32` lower-cases an ASCII letter, and makes no other character one of "http".
    if ((url.charCodeAt(i) | 32) !== "http".charCodeAt(i)) return -1;
  }
  const colon = (url.charCodeAt(4) | 32) === 115 /* s */ ? 5 : 4;
  return url.startsWith("://", colon) ? colon + 3 : -1;
}

/** True for a url that carries its own scheme and host: `http://` or `https://`, any case. */
export function isFullUrl(url: string): boolean {
  return authorityAt(url) !== -1;
}

/** A url's origin as the WHATWG URL parser (fetch, browsers) reads it, or undefined when it refuses the url. */
export function parsedOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Where a url's path ends: at its first `?` or `#`, else at its length. */
export function pathEndOf(url: string): number {
  const query = url.indexOf("?");
  const hash = url.indexOf("#");
  const end = query === -1 ? url.length : query;
  return hash !== -1 && hash < end ? hash : end;
}

/** Where the authority that starts at `at` ends: at its first `/`, `?` or `#`, else at the url's length. */
export function authorityEnd(url: string, at: number): number {
  let end = at;
  while (end < url.length && !"/?#".includes(url.charAt(end))) end++;
  return end;
}

/** Where the host of the authority from `at` to `end` starts: after any `user:pass@` (its last `@`). */
export function hostStartOf(url: string, at: number, end: number): number {
  return Math.max(at, url.lastIndexOf("@", end - 1) + 1);
}

/**
 * Whether the authority starting at `at` names a host: after any `user:pass@`, before any `:port`. An
 * empty one would make the first path segment the host (`https:///user` goes to "user").
 */
export function hasHost(url: string, at: number): boolean {
  const end = authorityEnd(url, at);
  const host = hostStartOf(url, at, end);
  return host < end && url.charCodeAt(host) !== 58; /* : */
}

/**
 * Walks a url's path once, in order, and returns the first `.` or `..` segment (`%2e` is a dot, as URL
 * parsers read it) that `foreign` says is not the url's own. An http(s) url's authority is no segment: a
 * host of ".." is a host, as URL parsers read it (`https://../x`), and climbs nothing. Another scheme's is
 * path joined to the base, and walked.
 */
function foreignDotSegment(url: string, foreign: (start: number, end: number) => boolean): string | undefined {
  const end = pathEndOf(url);
  let start = 0;
  const at = authorityAt(url);
  if (at !== -1) {
    const path = url.indexOf("/", at);
    start = path === -1 ? end + 1 : path + 1;
  }
  while (start <= end) {
    let next = url.indexOf("/", start);
    if (next === -1 || next > end) next = end;
    const first = url.charCodeAt(start);
    // A dot segment is at most "%2e%2e" and starts with "." or "%": the rest need no look.
    if (next - start <= 6 && (first === 46 || first === 37)) {
      const segment = url.slice(start, next);
      const dots = segment.toLowerCase().replaceAll("%2e", ".");
      if ((dots === "." || dots === "..") && foreign(start, next)) return segment;
    }
    start = next + 1;
  }
  return undefined;
}

/** What one part of a compiled url is, for telling the url's own text from what values wrote. */
export interface PartRole {
  /** Literal text of the url's own. */
  readonly literal: boolean;
  /** An expression whose first character, when it writes any, ends a segment or the path: `{/x}`, `{?q}`, `{#f}`. */
  readonly separator: boolean;
  /** A `{?q}`, `{&x}` or `{#f}`: it ends the segment before it, whatever it writes. */
  readonly queryOrFragment: boolean;
  /**
   * Literal text joins only literal text across the expressions that may write nothing between them and
   * still leave it the url's own (`{?q}`, `{&x}`, `{#f}`): each run of such parts has a number. An
   * expression has the number of the text before it.
   */
  readonly run: number;
}

/** What the url's own text leaves to values, checked on each expansion. */
export interface ExpansionChecks {
  /** Values may form a dot segment that the checks of each `{x}`, `:x` and `{/x}` value miss. */
  readonly dots: boolean;
  readonly host: HostCheck | undefined;
  readonly parts: readonly PartRole[];
  /** The run that ends the url. */
  readonly lastRun: number;
  /** The origin of a full url whose own text writes its whole authority, as URL parsers read it. */
  readonly origin: string | undefined;
}

/**
 * A full url whose host values write: its authority starts at `at` in every expansion, `names` are the
 * variables that may write the host, and `ownText` says whether the authority holds text of the url's own
 * before `ownEnd` (a part and the offset in it; undefined when values end the authority). Or a url whose
 * start values may make `http://` or `https://` (`http{s}://…`, `https:/{/host}`): each full url it
 * expands to must name a host that values wrote, after a `//` of its own.
 */
export type HostCheck =
  | {
      readonly kind: "authority";
      readonly at: number;
      readonly names: readonly string[];
      readonly ownText: boolean;
      readonly ownEnd: readonly [part: number, offset: number] | undefined;
      /** The fix a message gives for an expansion left without a host, written once per url. */
      readonly fix: string;
    }
  | {
      readonly kind: "scheme";
      /** The url's own text writes a `://` (`http{s}://example.com`): the expansion's `//` must be that one. */
      readonly ownSlashes: boolean;
      readonly fix: string;
    };

/**
 * Which part wrote each character of an expansion: its index for literal text; `-2 - index` for the first
 * character of a `{/x}`, `{?q}` or `{#f}` (a separator); VALUE for any other character a value wrote.
 */
const VALUE = -1;

function writers(parts: readonly PartRole[], starts: readonly number[], length: number): Int32Array {
  const writer = new Int32Array(length).fill(VALUE);
  for (let k = 0; k < parts.length; k++) {
    const start = starts[k] as number;
    const end = starts[k + 1] ?? length;
    if (end === start) continue;
    const role = parts[k] as PartRole;
    if (role.literal) writer.fill(k, start, end);
    else if (role.separator) writer[start] = -2 - k;
  }
  return writer;
}

/**
 * Checks an expansion against the url's own text. `starts` gives where each part starts in it, as the one
 * expansion that wrote `url` recorded them: the checks read what is sent, never a second expansion.
 * A full url left without a host is checkSentUrl's to refuse (it always reads a url that has checks), with
 * the fix these checks name.
 * @throws {EndpointError} when values formed a dot segment, or moved a full url's host.
 */
export function checkExpansion(checks: ExpansionChecks, url: string, starts: readonly number[], route: string): void {
  let writer: Int32Array | undefined;
  const writerOf = (): Int32Array => {
    writer ??= writers(checks.parts, starts, url.length);
    return writer;
  };
  if (checks.dots) {
    const segment = foreignDotSegment(url, (start, end) => !ownDotSegment(checks, writerOf(), starts, url, start, end));
    if (segment !== undefined) {
      throw valuesMake(
        route,
        url,
        `, with a ${quote(segment)} segment, which URL parsers remove; pass values that form no "." or ".." segment`,
      );
    }
  }
  const { host } = checks;
  if (host === undefined) return;
  const authority = host.kind === "scheme" ? authorityAt(url) : host.at;
  // A url left without a host is checkSentUrl's to refuse, as clients read it.
  if (authority === -1 || !hasHost(url, authority)) return;
  const moved = movedHost(host, writerOf(), url, authority, starts);
  if (moved !== undefined) throw valuesMake(route, url, `, whose host is not where the url puts it: ${moved}`);
}

/** ERR_INVALID_PARAMETER: the values for a route make a url, with `problem` after it. */
function valuesMake(route: string, url: string, problem: string): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `the values for ${quote(route)} make the url ${quote(url)}${problem}`,
  );
}

/** ERR_MISSING_PARAMETER: the values for a route leave an http(s) url without a host. */
function withoutHost(route: string, url: string, fix: string): EndpointError {
  return new EndpointError(
    "ERR_MISSING_PARAMETER",
    `the values for ${quote(route)} leave the url ${quote(url)} without a host; ${fix}`,
  );
}

/**
 * A dot segment is the url's own when one part of literal text wrote it; the "/" before it is literal text of
 * the same run (or it starts the url, in the url's first text); and what ends it is the url's end with its
 * run, literal text of the same run, a `{/x}`, `{?q}`, `{&x}` or `{#f}` right after its text, or the "/", "?" or "#"
 * that an expression of the same run writes first. An empty value beside the url's own dot makes one that is
 * not (`/a/{x}./b`), and so do two dots of the url's own that a `{?q}` writing nothing joins (`/a/.{?q}.`).
 */
function ownDotSegment(
  { parts, lastRun }: ExpansionChecks,
  writer: Int32Array,
  starts: readonly number[],
  url: string,
  start: number,
  end: number,
): boolean {
  const k = writer[start] as number;
  if (k < 0) return false;
  for (let at = start + 1; at < end; at++) if (writer[at] !== k) return false;
  const { run } = parts[k] as PartRole;
  const ofRun = (part: number): boolean => (parts[part] as PartRole).run === run;
  if (start === 0 ? k !== 0 : !((writer[start - 1] as number) >= 0 && ofRun(writer[start - 1] as number))) return false;
  // A `{/x}`, `{?q}`, `{&x}` or `{#f}` right after the url's text ends the segment, whatever it writes.
  const next = parts[k + 1];
  if (end === starts[k + 1] && (next?.queryOrFragment || next?.separator)) return true;
  if (end === url.length) return run === lastRun;
  const after = writer[end] as number;
  return after >= 0 ? ofRun(after) : after !== VALUE && ofRun(-2 - after);
}

/**
 * How values moved an expansion's host from where the url's own text puts it, or undefined: a url that
 * values make full must have its "//" from its own text, or a host a value wrote (`https:/{x}/a` with an
 * empty `x` gives "https://a", whose host is path text); and values may not write "@", "/", "?" or "#" into
 * an authority that holds text of the url's own (`https://example.com:{+p}/a` with "1@evil.com" goes to
 * evil.com).
 */
function movedHost(
  host: HostCheck,
  writer: Int32Array,
  url: string,
  authority: number,
  starts: readonly number[],
): string | undefined {
  const end = authorityEnd(url, authority);
  if (host.kind === "scheme") {
    const slashes = writer[authority - 2] as number;
    if (slashes >= 0 && slashes === writer[authority - 1]) return undefined;
    // A value wrote the "//" where the url writes its own later (`http{+s}://example.com` with
    // "s://evil.com/"): the url's host is pushed into the path.
    if (host.ownSlashes) {
      return `its "//" and host ${quote(url.slice(authority, end))} are a value's; pass values that write only the scheme`;
    }
    for (let at = authority; at < end; at++) if ((writer[at] as number) < 0) return undefined;
    return `its "//" is a value's, and its host ${quote(url.slice(authority, end))} the url's own path; pass values that write the host`;
  }
  if (!host.ownText) return undefined;
  const ownEnd = host.ownEnd === undefined ? url.length : (starts[host.ownEnd[0]] as number) + host.ownEnd[1];
  // From the end back: a value's "@" makes the text before it userinfo; its "/", "?" or "#" pushes the
  // url's own authority text after it out of the authority.
  let ownTextAfter = false;
  for (let at = ownEnd - 1; at >= authority; at--) {
    if ((writer[at] as number) >= 0) {
      ownTextAfter = true;
      continue;
    }
    const code = url.charCodeAt(at);
    if (code === 64 || (ownTextAfter && (code === 47 || code === 63 || code === 35))) {
      return `a value wrote ${quote(url.charAt(at))} into its authority; pass values without "@", "/", "?" or "#" there`;
    }
  }
  return undefined;
}

/**
 * Checks a request url as clients read it, after values that could change its structure wrote it (or when no
 * baseUrl was joined): fetch and browsers read a url with the WHATWG URL parser. `joinedTo` is the origin of
 * the baseUrl the path was joined to; `checks` are the url's (their origin is the one the url's own text
 * writes, their host's fix names the variables that write the host); `ownSlashes` says whether the url's
 * own text starts with `//`.
 * - An http(s) url names a host after its `//`, whoever wrote it: the parser would take the first path
 *   segment of `https:///z` as the host.
 * - It is a url the parser reads (a client would refuse it only when sending), and it keeps the origin that
 *   the baseUrl it was joined to, or its own text, gives it.
 * - A path sent without a baseUrl does not start with a `//` that values wrote: a browser sends a
 *   protocol-relative url (`//evil.com/a`) to the host it names, headers and all.
 * @throws {EndpointError} ERR_MISSING_PARAMETER for a url without a host, ERR_INVALID_PARAMETER otherwise.
 */
export function checkSentUrl(
  url: string,
  joinedTo: string | undefined,
  checks: ExpansionChecks | undefined,
  ownSlashes: boolean,
  route: string,
): void {
  const expectedOrigin = joinedTo ?? checks?.origin;
  const at = authorityAt(url);
  if (at !== -1) {
    if (!hasHost(url, at)) throw withoutHost(route, url, checks?.host?.fix ?? "pass values that write one");
    const origin = parsedOrigin(url);
    if (origin === undefined) {
      throw valuesMake(route, url, ", which URL parsers refuse; pass values that make a valid host and port");
    }
    if (expectedOrigin !== undefined && origin !== expectedOrigin) {
      throw valuesMake(route, url, `, whose origin is not ${quote(expectedOrigin)}; pass values that stay in the path`);
    }
  } else if (joinedTo === undefined && !ownSlashes && url.startsWith("//")) {
    throw valuesMake(
      route,
      url,
      ', which browsers send to the host after "//"; set a baseUrl, or pass values that write no empty first segment',
    );
  }
}
