// Route strings ("GET /repos/{owner}/{repo}"), methods, and endpoint urls compiled once and cached.
import { BoundedCache } from "./cache.js";
import { codePointName, isAlpha, isControl, isDigit, isUnicodeSpace } from "./chars.js";
import { describeType, EndpointError, MAX_QUOTED, quote } from "./errors.js";
import {
  compileTokens,
  isFullUrl,
  isUndefinedValue,
  MISSING_REQUIRED,
  own,
  type TemplateToken,
  type TokensExpander,
  tokenize,
  variableNamesOf,
} from "./template.js";

/** The HTTP methods a route may use. The `Method` type is derived from this list, so they cannot drift. */
export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** An HTTP method as merged options hold it: uppercase. */
export type Method = (typeof METHODS)[number];

/** Each method by its uppercase and its lowercase name, the two spellings nearly every caller uses. */
const METHOD_BY_NAME = new Map<string, Method>(
  METHODS.flatMap((method) => [[method, method] as const, [method.toLowerCase(), method] as const]),
);

/** The method a word names, in any ASCII case ("poſt" upper-cases to "POST" but names none). */
function methodNamed(word: string): Method | undefined {
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
  /** The url compiled, filled in on first use so a call needs one cache look-up, not two. */
  compiled: CompiledRoute | undefined;
}

/** 2,000 routes: GitHub's API has 1,223. The characters bound what long generated routes can hold. */
const splitCache = new BoundedCache<SplitRoute>(2000, 200_000);

/** Splits `"<METHOD> <url>"` (one or more spaces between) or a bare `"<url>"`; cached per route string. */
export function splitRoute(route: string): SplitRoute {
  return splitCache.remember(route, readRoute);
}

function readRoute(route: string): SplitRoute {
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
      `invalid route ${quote(route)}: its url holds a space, or it has more than two words; write "<METHOD> <url>" and percent-encode a space in the url as %20 (parameter values are encoded for you)`,
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

const OPTION_NAME_LIST = ["method", "baseUrl", "url", "headers", "request", "mediaType"] as const;

/** Option names that are never url variables: they configure the request itself. */
export type OptionName = (typeof OPTION_NAME_LIST)[number];
export const OPTION_NAMES: ReadonlySet<string> = new Set(OPTION_NAME_LIST);

/**
 * Whether a url variable of this name can never be filled: options configure the request, and `data`
 * is the body (SPEC.md routes only the other keys into the url).
 */
export function fillsNoUrl(name: string): boolean {
  return OPTION_NAMES.has(name) || name === "data";
}

/** An endpoint url parsed once: the variables it reads, which it requires, and how to expand it. */
export interface CompiledRoute {
  /** Every variable the url names that a parameter can fill; these keys never reach the query or body. */
  readonly variableNames: ReadonlySet<string>;
  /** Simple `{name}` and `:name` variables in the path or an http(s) url's host: undefined or null is an error. */
  readonly requiredNames: readonly string[];
  /** True when the url names an option such as `{method}` or `{data}`, which must not fill it. */
  readonly namesAnOption: boolean;
  /** Whether every expansion is a full url, is not, or depends on the values (undefined). */
  readonly fullUrl: boolean | undefined;
  /** Whether every expansion starts with `/`, does not, or depends on the values (undefined). */
  readonly leadingSlash: boolean | undefined;
  /** How many `/` beyond the first the url's literal start has (`//user`: 1), dropped when joining a base. */
  readonly extraSlashes: number;
  /** False when no expansion can hold `?` or `#`: then a query string is simply appended. */
  readonly mayHoldQueryOrFragment: boolean;
  /**
   * The `.` and `..` segments of the url's own text, when values could form one that the per-value checks
   * of `{x}`, `:x` and `{/x}` miss (a `{+path}`, a `{.ext}`, a value beside a literal dot or `%`): then an
   * expansion may have these, where its literal text puts them, and no other. Undefined when no value can.
   */
  readonly ownDotSegments: readonly OwnDotSegment[] | undefined;
  /**
   * Where the host of a full url with an expression in its authority starts (`https://{host}/…`: 8),
   * `HOST_IN_EXPANSION` when values decide whether the url is full (`http{s}://…`), else -1.
   */
  readonly hostAt: number;
  /** The variables that may write that host, named when it expands to nothing (none past a `{?q}` there). */
  readonly hostNames: readonly string[];
  readonly expand: TokensExpander;
}

/**
 * A url whose start may become `http://` or `https://` (`http{s}://{host}`, `https:/{/host}`,
 * `{scheme}://{host}`): each full url it expands to must name a host. (A url that starts with a `{+x}`,
 * which writes a scheme and host as given, `{+origin}/x`, is exempt.)
 */
const HOST_IN_EXPANSION = -2;

/** A dot segment in an url's own text: its text, in which literal token, and where in it. */
interface OwnDotSegment {
  readonly text: string;
  readonly literal: number;
  readonly offset: number;
}

const routeCache = new BoundedCache<CompiledRoute>(2000, 200_000);

/** Parses and compiles an endpoint url, once per distinct url (the cache is bounded). */
export function compileRoute(url: string): CompiledRoute {
  return routeCache.remember(url, compileUrl);
}

function compileUrl(url: string): CompiledRoute {
  const tokens = tokenize(url, true);
  const names = variableNamesOf(tokens);
  const mayHoldQueryOrFragment = tokens.some((token) =>
    token.type === "literal"
      ? token.text.includes("?") || token.text.includes("#")
      : "?&#+".includes(token.operator) && token.operator !== "",
  );
  // What the url's fixed start (none when a value starts it) says about every expansion, so calls need
  // not inspect the result.
  const first = tokens[0];
  const start = first === undefined ? "" : first.type === "literal" ? first.text : undefined;
  const fullUrl = start === undefined ? undefined : fullUrlFrom(start);
  return {
    variableNames: new Set(names.filter((name) => !fillsNoUrl(name))),
    requiredNames: variableNamesOf(tokens.filter((token) => token.type === "expression" && token.required)),
    namesAnOption: names.some(fillsNoUrl),
    fullUrl,
    leadingSlash: start?.startsWith("/"),
    extraSlashes: extraSlashesOf(start ?? ""),
    mayHoldQueryOrFragment,
    ...pathChecksOf(url, tokens, fullUrl),
    expand: compileTokens(tokens),
  };
}

/** Whether every url that starts with this literal text is full (true), none is (false), or its values decide. */
function fullUrlFrom(start: string): boolean | undefined {
  if (isFullUrl(start)) return true;
  // A start such as "http" or "https:/" may still become one: "http{s}://…", "https:/{/host}".
  const lower = start.slice(0, 8).toLowerCase();
  return "https://".startsWith(lower) || "http://".startsWith(lower) ? undefined : false;
}

/** What `expandRoute` must check of an expansion that the compiled expressions cannot. */
function pathChecksOf(
  url: string,
  tokens: readonly TemplateToken[],
  fullUrl: boolean | undefined,
): Pick<CompiledRoute, "ownDotSegments" | "hostAt" | "hostNames"> {
  // The url up to its query, each path expression written "\0" and each host one "h": its dot segments
  // are the author's own, and a "\0" beside a dot or a "%" can join it into one.
  let shape = "";
  // Where each literal token starts in the shape.
  const literalStarts: number[] = [];
  let risky = false;
  // Past a `{?q}`, `{#f}` or `{&x}`, which may write nothing, the tokens that follow read as query (their
  // inPath is false) but may still be path: each is then a path expression, and always checked.
  let pathMayGoOn = false;
  const hostNames = new Set<string>();
  // A full url's authority, from "://" to the first "/", "?" or "#" of its text: any expression there,
  // `{?q}` included, may leave it without a host (`https://{?q}/x` gives "https:///x").
  const authorityAt = isFullUrl(url) ? url.indexOf("://") + 3 : -1;
  let inAuthority = authorityAt !== -1;
  let authorityExpands = false;
  for (const token of tokens) {
    if (token.type === "literal") {
      const { text } = token;
      // Only a "/" ends the authority here: a "?" or "#" in the text ends the whole scan just below.
      inAuthority &&= !text.includes("/", token === tokens[0] ? authorityAt : 0);
      const end = pathEndOf(text);
      // Path text after a `{?q}`, `{#f}` or `{&x}` that wrote nothing joins the text before it: `/a/.{?q}.`
      // and `/a/{x}{?q}..` (x empty) give "/a/..", which is not the url's own.
      if (pathMayGoOn && end > 0) risky = true;
      literalStarts.push(shape.length);
      shape += text.slice(0, end);
      if (end < text.length) break;
      continue;
    }
    authorityExpands ||= inAuthority;
    // The host's own variables (not the userinfo's or the port's): what the message for a url left without a
    // host says to pass. A `{?q}` or `{#f}` never writes a host; a `{&x}` writes one ("&x=…") only first.
    const { operator } = token;
    if (token.inHost && operator !== "?" && operator !== "#" && (operator !== "&" || hostNames.size === 0)) {
      for (const spec of token.variables) hostNames.add(spec.name);
    }
    if (token.operator === "?" || token.operator === "#" || token.operator === "&") {
      // Nothing, or text that starts with "?", "#" or "&" (no dot segment): the url's own ".." right before
      // it stays its author's. "/\x01" ends the segment before it, and starts none that could be a dot:
      // literal text the two sides join into one (".{?q}.") is not the url's own. (A `{&x}` does not end the
      // path, and a `{?q}` may write nothing: what follows may be path either way.)
      pathMayGoOn = true;
      if (!shape.endsWith("/")) shape += "/\x01";
    } else if (token.inPath || pathMayGoOn || authorityAt === -1) {
      // An expression tokenize did not guard (inPath is false) is checked with the whole expansion: past a
      // `{?q}`, `{#f}` or `{&x}`, or in another scheme's "authority" (`ftp://{x}`, `a://{+x}`), which is
      // path joined to the base. So are `{+path}`, which can write whole segments, and `{.ext}`, dots.
      if (!token.inPath || token.operator === "+" || token.operator === ".") risky = true;
      shape += token.operator === "/" ? "/\0" : "\0";
    } else {
      // A host expression: after "://", before the path and any `{?q}`, `{#f}` or `{&x}`. A `{+x}` or `{/x}`
      // there can write the path's first "/" and segments after it (`https://a{/x}/b` with ".." is "https://a/../b").
      if (token.operator === "+" || token.operator === "/") risky = true;
      shape += "h";
    }
  }
  // "e\0" covers "%2e" before a value (and some harmless words).
  risky ||= ["\0.", ".\0", "\0%", "e\0", "E\0"].some((pair) => shape.includes(pair));
  const own: OwnDotSegment[] = [];
  if (risky) {
    // Found in one walk, in order (a url of many "./" is linear to compile, not quadratic). A dot segment
    // is made of literal text, and literal tokens are never adjacent: each lies in one.
    let literal = 0;
    findDotSegment(shape, (start, text) => {
      while ((literalStarts[literal + 1] ?? Number.POSITIVE_INFINITY) <= start) literal++;
      own.push({ text, literal, offset: start - (literalStarts[literal] as number) });
      return false;
    });
  }
  // A url that values may make full has no literal authority (authorityAt is -1): its host is found in each
  // expansion, unless a leading `{+x}` writes the scheme and host as given.
  const first = tokens[0];
  const hostInExpansion = fullUrl === undefined && !(first?.type === "expression" && first.operator === "+");
  return {
    ownDotSegments: risky ? own : undefined,
    hostAt: authorityExpands ? authorityAt : hostInExpansion ? HOST_IN_EXPANSION : -1,
    hostNames: [...hostNames],
  };
}

/**
 * Walks a url's path once, in order, and returns the first `.` or `..` segment (`%2e` is a dot, as URL
 * parsers read it) at which `stop` says to. An http(s) url's authority is no segment: a host of ".." is a
 * host, as URL parsers read it (`https://../x`), and climbs nothing. Another scheme's is path joined to the
 * base, and walked.
 */
function findDotSegment(url: string, stop: (start: number, segment: string) => boolean): string | undefined {
  const end = pathEndOf(url);
  let start = 0;
  if (isFullUrl(url)) {
    const path = url.indexOf("/", url.indexOf("://") + 3);
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
      if ((dots === "." || dots === "..") && stop(start, segment)) return segment;
    }
    start = next + 1;
  }
  return undefined;
}

/** Every dot segment: a url without any of its own owns none. */
const ANY = (): boolean => true;

/**
 * The first dot segment of an expansion that is not one of the url's own, where its literal text put it: a
 * value wrote it, or joined the url's own text into it. Positions, not counts: a `{+path}` of "/..#" before
 * a literal "/." moves the url's own out of the path, and its ".." takes the place. `literalStarts` is
 * undefined when the url has none of its own (most `{+path}` urls), so that no call records them.
 */
function valuesDotSegment(
  path: string,
  own: readonly OwnDotSegment[],
  literalStarts: readonly number[] | undefined,
): string | undefined {
  if (literalStarts === undefined) return findDotSegment(path, ANY);
  const owned = new Map<number, string>();
  for (const dot of own) owned.set((literalStarts[dot.literal] as number) + dot.offset, dot.text);
  return findDotSegment(path, (start, segment) => owned.get(start) !== segment);
}

/** Where a url's path ends: at its first `?` or `#`, else at its length. */
function pathEndOf(url: string): number {
  const query = url.indexOf("?");
  const hash = url.indexOf("#");
  const end = query === -1 ? url.length : query;
  return hash !== -1 && hash < end ? hash : end;
}

/**
 * Whether the authority starting at `at` names a host: after any `user:pass@`, before any `:port`. An
 * empty one would make the first path segment the host (`https:///user` goes to "user").
 */
function hasHost(url: string, at: number): boolean {
  let end = at;
  while (end < url.length && !"/?#".includes(url.charAt(end))) end++;
  const userinfo = url.lastIndexOf("@", end - 1);
  const host = userinfo >= at ? userinfo + 1 : at;
  return host < end && url.charCodeAt(host) !== 58; /* : */
}

/** Expands an endpoint url; names every missing required path parameter in one error. */
export function expandRoute(
  compiled: CompiledRoute,
  variables: Readonly<Record<string, unknown>>,
  method: string,
  url: string,
): string {
  const { ownDotSegments } = compiled;
  // Most risky urls ({+path}) have no dot segment of their own: then any dot segment is a value's.
  const literalStarts = ownDotSegments === undefined || ownDotSegments.length === 0 ? undefined : [];
  let path: string | undefined;
  try {
    path = compiled.expand(variables, literalStarts);
  } catch (error) {
    if (error !== MISSING_REQUIRED) throw error;
  }
  if (path !== undefined) {
    const segment = ownDotSegments === undefined ? undefined : valuesDotSegment(path, ownDotSegments, literalStarts);
    if (segment !== undefined) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `the values for ${quote(`${method} ${url}`)} make the url ${quote(path)}, with a ${quote(segment)} segment that URL parsers resolve away (it can climb the path); pass values that form no "." or ".." segment`,
      );
    }
    let { hostAt } = compiled;
    if (hostAt === HOST_IN_EXPANSION) hostAt = isFullUrl(path) ? path.indexOf("://") + 3 : -1;
    if (hostAt === -1 || hasHost(path, hostAt)) return path;
    let fix = "write a host before any {?…}, {#…} or {&…}";
    if (compiled.hostAt === HOST_IN_EXPANSION) fix = "pass values that write one";
    else if (compiled.hostNames.length > 0) fix = `pass ${objectHint(compiled.hostNames)}`;
    throw new EndpointError(
      "ERR_MISSING_PARAMETER",
      `the values for ${quote(`${method} ${url}`)} leave the url ${quote(path)} without a host; ${fix}`,
    );
  }
  // A required variable was undefined: expansion stopped at it.
  throw missingParametersError(compiled, variables, `${method} ${url}`) as EndpointError;
}

/** How a fix names parameters to pass: `pass { owner: …, repo: … }` for JavaScript callers. */
export type PassHint = (names: readonly string[], more: boolean) => string;

const passObject: PassHint = (names, more) => `pass ${objectHint(names, more)}`;

/**
 * The error for the required url parameters (`{name}`, `:name`, an http(s) url's host) that the variables
 * leave undefined: absent, undefined, null, or a list or object with no defined member (RFC 6570 counts those
 * as undefined). Undefined when there are none. `pass` writes the fix (the CLI writes `add owner=…`).
 */
export function missingParametersError(
  compiled: CompiledRoute,
  variables: Readonly<Record<string, unknown>>,
  route: string,
  pass: PassHint = passObject,
): EndpointError | undefined {
  const missing = compiled.requiredNames.filter((name) => isUndefinedValue(own(variables, name)));
  if (missing.length === 0) return undefined;
  // Every missing name, up to a limit that keeps a hostile url from making a huge message. A name
  // that is an option's can never be passed: the fix for it is to rename the placeholder.
  const shown = missing.slice(0, MAX_NAMED);
  const more = missing.length > MAX_NAMED ? ` and ${missing.length - MAX_NAMED} more` : "";
  const passable = shown.filter((name) => !fillsNoUrl(name));
  const options = shown.filter(fillsNoUrl);
  const fixes: string[] = [];
  if (passable.length > 0 || more) fixes.push(pass(passable, more !== ""));
  if (options.length > 0) {
    fixes.push(`rename the placeholder${options.length > 1 ? "s" : ""} ${quoteAll(options)}: options never fill a url`);
  }
  // Passed, but a list or object with no defined member: say why it counts as missing.
  const empty = passable.filter((name) => own(variables, name) != null);
  if (empty.length > 0) {
    fixes.push(`${quoteAll(empty)}: RFC 6570 counts an empty list or object as undefined`);
  }
  return new EndpointError(
    "ERR_MISSING_PARAMETER",
    `missing parameter${missing.length > 1 ? "s" : ""} ${quoteAll(shown)}${more} for ${quote(route)}; ${fixes.join("; ")}`,
  );
}

/** Names quoted and listed: `"owner", "repo"`. */
function quoteAll(names: readonly string[]): string {
  return names.map((name) => quote(name)).join(", ");
}

/** An object literal naming parameters to pass, `{ owner: …, "enterprise-team": … }`, with `…` for more. */
function objectHint(names: readonly string[], more = false): string {
  // At most MAX_NAMED names, each cut as quote() cuts it: a hostile url cannot make a huge message.
  const fields = names
    .slice(0, MAX_NAMED)
    .map((name) => `${isIdentifier(name) && name.length <= MAX_QUOTED ? name : quote(name)}: …`);
  if (more || names.length > MAX_NAMED) fields.push("…");
  return `{ ${fields.join(", ")} }`;
}

/** How many missing parameters one message names. */
const MAX_NAMED = 20;

function isIdentifier(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (!(isAlpha(code) || code === 95 || code === 36 || (i > 0 && isDigit(code)))) return false;
  }
  return name !== "";
}

/**
 * The request url for an expanded path: the path itself when it is a full url, else the base address
 * (from `joinableBase`) and the path joined with exactly one `/`. Uses what the route knows so the
 * path is not scanned.
 */
export function resolveUrl(compiled: CompiledRoute, path: string, base: string | undefined): string {
  if (compiled.fullUrl ?? isFullUrl(path)) return path;
  if (base === undefined) return path;
  if (!(compiled.leadingSlash ?? path.startsWith("/"))) return `${base}/${path}`;
  // Only the url's own literal slashes are dropped: slashes a value expands to are the caller's data.
  return base + path.slice(compiled.extraSlashes);
}

/** The `/`s after the first at the start of a url's literal text: joined to a base, `//user` is `/user`. */
function extraSlashesOf(literal: string): number {
  let count = 0;
  while (literal.charCodeAt(count) === 47) count++;
  return Math.max(0, count - 1);
}

/** A base address ready to join: without its trailing `/`s. */
export function joinableBase(baseUrl: string): string {
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 47) end--;
  return baseUrl.slice(0, end);
}

/** baseUrls checked already: a call that passes one (as `parse()` is given one) checks it once. */
const checkedBaseUrls = new BoundedCache<true>(100, 20_000);

/**
 * A `baseUrl`, checked to be an absolute http(s) url with a host, as URL parsers read it, and with nothing
 * that would change once the path is joined to it as it is: no space, control character, `\`, `?` or `#`.
 * `name` is how the message names it: the option, or the CLI's flag.
 */
export function checkBaseUrl(value: unknown, name = 'option "baseUrl"'): string {
  if (typeof value !== "string") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `${name} is ${describeType(value)}; pass a string such as "https://github.example.com/api/v3"`,
    );
  }
  if (checkedBaseUrls.get(value) === undefined) {
    checkBaseUrlText(value, name);
    checkedBaseUrls.set(value, true);
  }
  return value;
}

function checkBaseUrlText(value: string, name: string): void {
  const invalid = (problem: string): EndpointError =>
    new EndpointError("ERR_INVALID_PARAMETER", `${name} ${quote(value)} ${problem}`);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // Unicode spaces too, as in a route string: invisible, and no URL parser keeps them as they are.
    if (code === 32 || isControl(code) || isUnicodeSpace(code)) {
      throw invalid(
        `has a space or control character (${codePointName(code)}) at index ${i}; percent-encode it or remove it`,
      );
    }
    if (code === 63 /* ? */ || code === 35 /* # */) {
      // The path is joined after it, so it would land inside the query or fragment.
      throw invalid(
        `has ${quote(value.charAt(i))} at index ${i}, and the path is joined after it; end the baseUrl before any query or fragment, and pass query values as parameters`,
      );
    }
    if (code === 92 /* \ */) {
      // URL parsers read it as "/" in an http(s) url: the host would not be the one written.
      throw invalid(`has "\\" at index ${i}; write "/" between path segments`);
    }
  }
  const example = exampleBaseUrl(value);
  if (!isFullUrl(value)) {
    throw invalid(`is not an absolute http(s) url; write its scheme and host, e.g. ${quote(example)}`);
  }
  const hostAt = value.indexOf("://") + 3;
  if (!hasHost(value, hostAt)) {
    throw invalid(`names no host after "${value.slice(0, hostAt)}"; write one, e.g. ${quote(example)}`);
  }
  const pathAt = value.indexOf("/", hostAt);
  if (value.lastIndexOf("@", pathAt === -1 ? value.length : pathAt) >= hostAt) {
    throw invalid(
      'has credentials before its host, and fetch() refuses a url that has them; send them in a header instead, e.g. headers: { authorization: "Basic …" }',
    );
  }
  try {
    new URL(value);
  } catch {
    throw invalid(`is not a url that URL parsers read (check its host and port); write e.g. ${quote(example)}`);
  }
}

/** A valid baseUrl like the one given, for a message: its host and path after `https://`, when it has them. */
function exampleBaseUrl(value: string): string {
  const fallback = "https://github.example.com/api/v3";
  // "github.acme-inc.com/api/v3", "//ghe.example/api", "https//ghe.example": the text after any scheme-like start.
  let rest = value;
  const slashes = rest.indexOf("//");
  const colon = rest.indexOf(":");
  if (slashes !== -1 && (colon === -1 || colon <= slashes)) rest = rest.slice(slashes + 2);
  else if (colon !== -1 && (rest.indexOf("/") === -1 || colon < rest.indexOf("/"))) return fallback;
  const host = rest.split("/")[0] ?? "";
  return host.includes(".") && !host.includes("@") && !host.includes("{") ? `https://${rest}` : fallback;
}
