// Endpoint urls: RFC 6570 templates with `:name` placeholders and required path values, compiled once and
// cached, expanded, and joined to the baseUrl.
import { BoundedCache } from "./cache.js";
import { codePointName, isAlpha, isControl, isDigit, isUnicodeSpace } from "./chars.js";
import { encodeReserved } from "./encode.js";
import { describeType, EndpointError, MAX_QUOTED, quote } from "./errors.js";
import { fillsNoUrl } from "./route.js";
import {
  compileTokens,
  isFullUrl,
  isUndefinedValue,
  MISSING_REQUIRED,
  type TemplateToken,
  type TokensExpander,
  tokenize,
  type VariableReader,
  variableNamesOf,
} from "./template.js";

/** An endpoint url parsed once: the variables it reads, which it requires, and how to expand it. */
export interface CompiledUrl {
  /** Every variable the url names that a parameter can fill; these keys never reach the query or body. */
  readonly variableNames: ReadonlySet<string>;
  /** Simple `{name}` and `:name` variables in the path or an http(s) url's host: undefined or null is an error. */
  readonly requiredNames: readonly string[];
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
  /** The length of each literal token's text, in order: which characters of an expansion are the url's own. */
  readonly literalLengths: readonly number[];
  /**
   * Where the authority of a full url with an expression in it ends in the url's own text (its first "/",
   * "?" or "#" after "://"): the literal token and the offset in it; undefined when values end it.
   */
  readonly authorityEnd: readonly [literal: number, offset: number] | undefined;
  /** True when that authority holds text of the url's own (`https://{tenant}.example.com`, `https://h:{port}`). */
  readonly authorityHasText: boolean;
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

const urlCache = new BoundedCache<CompiledUrl>(2000, 200_000);

/**
 * Parses and compiles an endpoint url, once per distinct url (the cache is bounded). A url without
 * placeholders (a pagination link, say) is neither compiled nor kept.
 */
export function compileUrl(url: string): CompiledUrl {
  return literalUrl(url) ?? urlCache.remember(url, compileTokensOf);
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * A url that holds no `{…}` and no `:name` (a ":" before its query that a name could follow, past the
 * scheme's): its text, encoded as a template's literal text is, is every expansion. Undefined for any other.
 */
function literalUrl(url: string): CompiledUrl | undefined {
  if (url.includes("{") || url.includes("}")) return undefined;
  const end = pathEndOf(url);
  for (let at = url.indexOf(":"); at !== -1 && at < end; at = url.indexOf(":", at + 1)) {
    const next = url.charCodeAt(at + 1);
    if (isAlpha(next) || next === 95 /* _ */) return undefined;
  }
  const text = encodeReserved(url);
  return {
    variableNames: NO_NAMES,
    requiredNames: [],
    fullUrl: isFullUrl(url),
    leadingSlash: url.startsWith("/"),
    extraSlashes: extraSlashesOf(url),
    mayHoldQueryOrFragment: end < url.length,
    ownDotSegments: undefined,
    hostAt: -1,
    hostNames: [],
    literalLengths: [text.length],
    authorityEnd: undefined,
    authorityHasText: false,
    expand: () => text,
  };
}

function compileTokensOf(url: string): CompiledUrl {
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
): Pick<
  CompiledUrl,
  "ownDotSegments" | "hostAt" | "hostNames" | "literalLengths" | "authorityEnd" | "authorityHasText"
> {
  // The url up to its query, each path expression written "\0" and each host one "h": its dot segments
  // are the author's own, and a "\0" beside a dot or a "%" can join it into one.
  // Pieces joined once at the end: growing one string and asking its end would flatten it each time, and
  // cost time quadratic in the url's length.
  const pieces: string[] = [];
  let length = 0;
  let endsWithSlash = false;
  const add = (piece: string): void => {
    pieces.push(piece);
    length += piece.length;
    if (piece !== "") endsWithSlash = piece.endsWith("/");
  };
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
      literalStarts.push(length);
      add(text.slice(0, end));
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
      if (!endsWithSlash) add("/\x01");
    } else if (token.inPath || pathMayGoOn || authorityAt === -1) {
      // An expression tokenize did not guard (inPath is false) is checked with the whole expansion: past a
      // `{?q}`, `{#f}` or `{&x}`, or in another scheme's "authority" (`ftp://{x}`, `a://{+x}`), which is
      // path joined to the base. So are `{+path}`, which can write whole segments, and `{.ext}`, dots.
      if (!token.inPath || token.operator === "+" || token.operator === ".") risky = true;
      add(token.operator === "/" ? "/\0" : "\0");
    } else {
      // A host expression: after "://", before the path and any `{?q}`, `{#f}` or `{&x}`. A `{+x}` or `{/x}`
      // there can write the path's first "/" and segments after it (`https://a{/x}/b` with ".." is "https://a/../b").
      if (token.operator === "+" || token.operator === "/") risky = true;
      add("h");
    }
  }
  const shape = pieces.join("");
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
  // Where a full url's authority ends in its own text, and whether it holds text of its own.
  const literals = tokens.filter((token) => token.type === "literal");
  let authorityEnd: [number, number] | undefined;
  let authorityHasText = false;
  for (let k = 0; authorityAt !== -1 && k < literals.length && authorityEnd === undefined; k++) {
    const { text } = literals[k] as { text: string };
    const from = k === 0 ? authorityAt : 0;
    let end = from;
    while (end < text.length && !"/?#".includes(text.charAt(end))) end++;
    authorityHasText ||= end > from;
    if (end < text.length) authorityEnd = [k, end];
  }
  return {
    literalLengths: literals.map((token) => (token as { text: string }).text.length),
    authorityEnd,
    authorityHasText,
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
 * How values moved an expansion's host from where the url's own text puts it, or undefined: a url that
 * values make full must have its "//" from its own text, or a host a value wrote (`https:/{x}/a` with an
 * empty `x` gives "https://a", whose host is path text); and values may not write "@", "/", "?" or "#" into
 * an authority that holds text of the url's own (`https://example.com:{+p}/a` with "1@evil.com" goes to
 * evil.com). Checked on the expansion: `literalStarts` tells the url's own characters from the values'.
 */
function movedHost(
  compiled: CompiledUrl,
  path: string,
  authority: number,
  literalStarts: readonly number[],
): string | undefined {
  // Which literal token wrote each character (-1: a value did). Only urls with values in their scheme or
  // authority come here, and the walk is linear.
  const writer = new Int32Array(path.length).fill(-1);
  literalStarts.forEach((start, k) => {
    writer.fill(k, start, start + (compiled.literalLengths[k] as number));
  });
  let end = authority;
  while (end < path.length && !"/?#".includes(path.charAt(end))) end++;
  if (compiled.hostAt === HOST_IN_EXPANSION) {
    const slashes = writer[authority - 2] as number;
    if (slashes !== -1 && slashes === writer[authority - 1]) return undefined;
    for (let at = authority; at < end; at++) if (writer[at] === -1) return undefined;
    return `its "//" is not the url's own, and its host ${quote(path.slice(authority, end))} is the url's own path text; pass values that write the host`;
  }
  if (!compiled.authorityHasText) return undefined;
  const [literal, offset] = compiled.authorityEnd ?? [-1, 0];
  const ownEnd = literal === -1 ? path.length : (literalStarts[literal] as number) + offset;
  // From the end back: a value's "@" makes the text before it userinfo; its "/", "?" or "#" pushes the
  // url's own authority text after it out of the authority.
  let ownTextAfter = false;
  for (let at = ownEnd - 1; at >= authority; at--) {
    if (writer[at] !== -1) {
      ownTextAfter = true;
      continue;
    }
    const code = path.charCodeAt(at);
    if (code === 64 || (ownTextAfter && (code === 47 || code === 63 || code === 35))) {
      return `a value wrote ${quote(path.charAt(at))} into its authority, before text of the url's own there; pass values without "@", "/", "?" or "#" there`;
    }
  }
  return undefined;
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
export function expandUrl(compiled: CompiledUrl, read: VariableReader, method: string, url: string): string {
  const { ownDotSegments, hostAt } = compiled;
  // Where each literal token starts in the expansion, when a check needs to tell the url's own text from
  // the values'.
  const literalStarts = (ownDotSegments !== undefined && ownDotSegments.length > 0) || hostAt !== -1 ? [] : undefined;
  let path: string | undefined;
  try {
    path = compiled.expand(read, literalStarts);
  } catch (error) {
    if (error !== MISSING_REQUIRED) throw error;
  }
  if (path !== undefined) {
    // Most risky urls ({+path}) have no dot segment of their own: then any dot segment is a value's.
    const segment =
      ownDotSegments === undefined
        ? undefined
        : valuesDotSegment(path, ownDotSegments, ownDotSegments.length > 0 ? literalStarts : undefined);
    if (segment !== undefined) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `the values for ${quote(`${method} ${url}`)} make the url ${quote(path)}, with a ${quote(segment)} segment that URL parsers resolve away (it can climb the path); pass values that form no "." or ".." segment`,
      );
    }
    if (hostAt === -1) return path;
    const authority = hostAt === HOST_IN_EXPANSION ? (isFullUrl(path) ? path.indexOf("://") + 3 : -1) : hostAt;
    if (authority === -1) return path;
    if (hasHost(path, authority)) {
      const moved = literalStarts === undefined ? undefined : movedHost(compiled, path, authority, literalStarts);
      if (moved === undefined) return path;
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `the values for ${quote(`${method} ${url}`)} make the url ${quote(path)}, whose host is not where the url puts it: ${moved}`,
      );
    }
    let fix = "write a host before any {?…}, {#…} or {&…}";
    if (compiled.hostAt === HOST_IN_EXPANSION) fix = "pass values that write one";
    else if (compiled.hostNames.length > 0) fix = `pass ${objectHint(compiled.hostNames)}`;
    throw new EndpointError(
      "ERR_MISSING_PARAMETER",
      `the values for ${quote(`${method} ${url}`)} leave the url ${quote(path)} without a host; ${fix}`,
    );
  }
  // A required variable was undefined: expansion stopped at it.
  throw missingParametersError(compiled, read, `${method} ${url}`) as EndpointError;
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
  compiled: CompiledUrl,
  read: VariableReader,
  route: string,
  pass: PassHint = passObject,
): EndpointError | undefined {
  const missing = compiled.requiredNames.filter((name) => isUndefinedValue(read(name)));
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
  const empty = passable.filter((name) => read(name) != null);
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
export function resolveUrl(compiled: CompiledUrl, path: string, base: string | undefined): string {
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
  if (!isFullUrl(value)) {
    throw invalid(`is not an absolute http(s) url; write its scheme and host, e.g. ${quote(exampleBaseUrl(value))}`);
  }
  const hostAt = value.indexOf("://") + 3;
  if (!hasHost(value, hostAt)) {
    throw invalid(`names no host after "${value.slice(0, hostAt)}"; write one, e.g. ${quote(exampleBaseUrl(value))}`);
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
    // An example built from this value would repeat what is wrong with it.
    throw invalid(
      `is not a url that URL parsers read (check its host and port); write e.g. ${quote(EXAMPLE_BASE_URL)}`,
    );
  }
}

const EXAMPLE_BASE_URL = "https://github.example.com/api/v3";

/** A valid baseUrl like the one given, for a message: its host and path after `https://`, when it has them. */
function exampleBaseUrl(value: string): string {
  // "github.acme-inc.com/api/v3", "//ghe.example/api", "https//ghe.example": the text after any scheme-like start.
  let rest = value;
  const slashes = rest.indexOf("//");
  const colon = rest.indexOf(":");
  if (slashes !== -1 && (colon === -1 || colon <= slashes)) rest = rest.slice(slashes + 2);
  else if (colon !== -1 && (rest.indexOf("/") === -1 || colon < rest.indexOf("/"))) return EXAMPLE_BASE_URL;
  const host = rest.split("/")[0] ?? "";
  return host.includes(".") && !host.includes("@") && !host.includes("{") ? `https://${rest}` : EXAMPLE_BASE_URL;
}
