// Endpoint urls: a layer over the RFC 6570 engine (template.ts) that reads `:name` placeholders in the path,
// allows `-` in names, requires simple path and host values and refuses `.` and `..` path values; compiled
// once and cached, expanded, checked (safety.ts) and joined to the baseUrl.
import { BoundedCache } from "../base/cache.js";
import { codePointName, isAlpha, isControl, isDigit, isUnicodeSpace, isWordChar } from "../base/chars.js";
import { encodeReserved, encodeUnreserved } from "../base/encode.js";
import { describeType, EndpointError, MAX_QUOTED, quote } from "../base/errors.js";
import {
  compileExpression,
  type ExpressionExpander,
  type ExpressionToken,
  isPlainVarname,
  isUndefinedValue,
  type PieceCheck,
  tokenize,
  type VariableReader,
} from "../template/template.js";
import { fillsNoUrl } from "./option-names.js";
import {
  authorityAt,
  authorityEnd,
  checkExpansion,
  type ExpansionChecks,
  type HostCheck,
  hasHost,
  hostStartOf,
  isFullUrl,
  type PartRole,
  parsedOrigin,
  pathEndOf,
} from "./safety.js";

/**
 * An endpoint url parsed once: literal text (encoded) and slots alternate in `parts`, which starts and ends
 * with literal text (empty between two expressions). A slot is the name of a simple `{name}` in the path
 * (required, and checked for `.` and `..`), the common case, expanded without a closure of its own; or any
 * other expression, compiled.
 */
export interface CompiledUrl {
  readonly parts: readonly (string | Slot)[];
  /**
   * Every variable the url names that a parameter can fill; these keys never reach the query or body. A list
   * (smaller, and as quick to search) for the few names most urls have.
   */
  readonly variableNames: readonly string[] | ReadonlySet<string>;
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
  /** What each expansion is checked for, when values can change the url's structure; undefined when they cannot. */
  readonly checks: ExpansionChecks | undefined;
}

/** An expression other than a simple path `{name}`: compiled, and whether its variables are required. */
interface CompiledExpression {
  readonly expand: ExpressionExpander;
  readonly required: boolean;
}

type Slot = string | CompiledExpression;

/** Beyond this many names a url's names are a set. */
const MANY_NAMES = 8;

/** Whether the url names a variable that a parameter of this name fills. */
export function fillsUrl(compiled: CompiledUrl, name: string): boolean {
  const names = compiled.variableNames;
  return Array.isArray(names) ? names.includes(name) : (names as ReadonlySet<string>).has(name);
}

/** The variables that may write a full url's host, named when it expands to none. */
export function hostNamesOf(compiled: CompiledUrl): readonly string[] {
  const host = compiled.checks?.host;
  return host?.kind === "authority" ? host.names : [];
}

const urlCache = new BoundedCache<CompiledUrl>(2000, 200_000);

/**
 * Parses and compiles an endpoint url, once per distinct url (the cache is bounded). A url without
 * placeholders (a pagination link, say) is neither compiled nor kept.
 */
export function compileUrl(url: string): CompiledUrl {
  return literalUrl(url) ?? urlCache.remember(url, compileEndpointUrl);
}

/** Compiles a url that a cache of its own keeps (a route string's, in its split): no second cache entry. */
export function compileUrlOnce(url: string): CompiledUrl {
  return literalUrl(url) ?? compileEndpointUrl(url);
}

const NO_NAMES: readonly string[] = [];

/**
 * A url that holds no `{…}` and no `:name` (a ":" before its query that a name could follow, past the
 * scheme's): its text, encoded as a template's literal text is, is every expansion. Undefined for any other.
 * Exported for the property test that checks it against `compileAnyUrl`, not from index.ts.
 */
export function literalUrl(url: string): CompiledUrl | undefined {
  if (url.includes("{") || url.includes("}")) return undefined;
  const end = pathEndOf(url);
  for (let at = url.indexOf(":"); at !== -1 && at < end; at = url.indexOf(":", at + 1)) {
    if (colonNameEnd(url, at) !== -1) return undefined;
  }
  const full = isFullUrl(url);
  if (full) checkOwnHost(url, url);
  return {
    parts: [encodeReserved(url)],
    variableNames: NO_NAMES,
    requiredNames: NO_NAMES,
    fullUrl: full,
    leadingSlash: url.startsWith("/"),
    extraSlashes: extraSlashesOf(url),
    mayHoldQueryOrFragment: end < url.length,
    checks: undefined,
  };
}

/**
 * The `:name` placeholder grammar, its one home (route-types.ts mirrors it in types): a `:` in the path
 * followed by a letter or `_`, then letters, digits and `_`. Where the name that the `:` at `at` starts
 * ends, or -1 when no name follows it.
 */
export function colonNameEnd(text: string, at: number): number {
  const first = text.charCodeAt(at + 1);
  if (!((isAlpha(first) || first === 95) /* _ */)) return -1;
  let end = at + 2;
  while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
  return end;
}

/**
 * Refuses an http(s) url whose own text writes an authority with no host in it (`https:///x`, `https://:80/x`):
 * URL parsers would take the first path segment as the host. `text` is the url's literal start, which holds
 * the whole authority.
 */
function checkOwnHost(url: string, text: string): void {
  const at = authorityAt(text);
  if (hasHost(text, at)) return;
  throw new EndpointError(
    "ERR_INVALID_ROUTE",
    `url ${quote(url)} names no host after ${quote(text.slice(0, at))}; write one, e.g. "https://api.example.com/…"`,
  );
}

/**
 * The length of a scheme followed by `://` at the start of `url`, or 0. The scheme starts with a letter
 * (RFC 3986 section 3.1) and may hold expressions after it (`http{s}://`): what follows its `://` is an
 * authority all the same. A url that starts with a value (`{scheme}://…`) is read as a path.
 */
function schemeAndSlashesLength(url: string): number {
  if (!isAlpha(url.charCodeAt(0))) return 0;
  let i = 1;
  while (i < url.length) {
    const code = url.charCodeAt(i);
    if (code === 123 /* { */) {
      // A `{x}` or `{.x}` only: `{/x}`, `{?q}`, `{+x}`… can write a "/", "?" or "#" that ends the scheme.
      const close = url.indexOf("}", i);
      const first = url.charCodeAt(i + 1);
      if (close === -1 || !(isWordChar(first) || first === 37 /* % */ || first === 45 || first === 46)) return 0;
      i = close + 1;
    } else if (isAlpha(code) || isDigit(code) || code === 43 || code === 45 || code === 46) {
      i++;
    } else {
      break;
    }
  }
  return url.startsWith("://", i) ? i + 3 : 0;
}

/** Refuses a `{x}`, `:x` or `{/x}` path value of `.` or `..`, which URL parsers resolve away. */
const noDotSegment: PieceCheck = (piece, name, source) => {
  if (piece === "." || piece === "..") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `parameter ${quote(name)} for ${quote(source)} is ${quote(piece)}, which would climb the path; pass a real path segment`,
    );
  }
  return piece;
};

/** Where in a url a character stands, for reading `:name` only in the path. */
const AUTHORITY = 0;
const PATH = 1;
const QUERY_OR_FRAGMENT = 2;

/**
 * Compiles an endpoint url: the engine's tokens, with `:name` in the path read as `{name}`, and what each
 * part is: required (simple `{name}` and `:name` in the path, and simple expressions in an http(s) url's
 * host), checked for `.` and `..` values (`{x}`, `:x`, `{/x}` in the path), and whether values can change
 * the url's structure where per-value checks cannot see it (then each expansion is checked).
 */
function compileEndpointUrl(url: string): CompiledUrl {
  return pathUrl(url) ?? compileAnyUrl(url);
}

/**
 * Characters other than those of path text that needs no encoding and holds no `:name` or query (letters,
 * digits, `_-.~/@!$&'()*+,;=[]`), and braces. One character class: it cannot backtrack.
 */
const NOT_PLAIN_PATH = /[^\w\-.~/@!$&'()*+,;=[\]{}]/;

/** Characters other than those of a host and port written out (`uploads.github.com:443`): one class. */
const NOT_PLAIN_HOST = /[^\w\-.:]/;

/**
 * A url of plain path text and simple `{name}`s ("/repos/{owner}/{repo}/issues"), which may follow an
 * http(s) origin written out ("https://uploads.github.com") and end with a `{?name,label}`: every GitHub
 * route. Read with native searches alone into what `compileAnyUrl` makes of it: each `{name}` required and
 * checked for `.` and `..`. Nothing is left to check on the expansion: no value writes a `/` or a host, and
 * a path segment whose own text holds a `.` can become a dot segment only if that text is `.` or `..`
 * (those urls go to the general compile). Undefined for any other url.
 */
export function pathUrl(url: string): CompiledUrl | undefined {
  const pathStart = originLength(url);
  if (url.charCodeAt(pathStart) !== 47 /* / */) return undefined;
  const query = finalQuery(url);
  // Many query names: the general compile keeps its cost linear, where a search of the names for each would not.
  if (query !== undefined && query.names.length > MANY_NAMES) return undefined;
  const queryStart = query?.start ?? url.length;
  const path = pathStart === 0 && queryStart === url.length ? url : url.slice(pathStart, queryStart);
  if (NOT_PLAIN_PATH.test(path)) return undefined;
  const parts: (string | Slot)[] = [];
  const names: string[] = [];
  let start = 0;
  for (let open = url.indexOf("{"); open !== -1 && open < queryStart; open = url.indexOf("{", start)) {
    const close = url.indexOf("}", open);
    const name = url.slice(open + 1, close);
    const literal = url.slice(start, open);
    if (close === -1 || !isPlainVarname(name) || literal.includes("}")) return undefined;
    parts.push(literal, name);
    if (!names.includes(name)) names.push(name);
    // Many distinct names: the general compile keeps its cost linear.
    if (names.length > MANY_NAMES) return undefined;
    start = close + 1;
  }
  const rest = url.slice(start, queryStart);
  if (rest.includes("}")) return undefined;
  parts.push(rest);
  if (path.includes(".") && !keepsDotSegmentsOut(parts)) return undefined;
  // Copies of their exact length: a list grown by push keeps room for 17 items, which a cache would hold.
  const required = names.slice();
  if (query !== undefined) {
    const variables = query.names.map((name) => ({ name, explode: false, prefix: 0 }));
    const source = url.slice(queryStart);
    const token: ExpressionToken = { type: "expression", operator: "?", variables, source, start: queryStart };
    parts.push({ expand: compileExpression(token), required: false }, "");
    // At most MANY_NAMES names each side: a search of the list is short.
    for (const { name } of variables) if (!names.includes(name)) names.push(name);
    if (names.length > MANY_NAMES) return undefined;
  }
  const all = names.length === required.length ? required : names.slice();
  return {
    parts: parts.slice(),
    // A name such as {url} is never filled (see fillsNoUrl): rare, so looked for first.
    variableNames: all.some(fillsNoUrl) ? all.filter((name) => !fillsNoUrl(name)) : all,
    requiredNames: required,
    fullUrl: pathStart > 0,
    leadingSlash: pathStart === 0,
    extraSlashes: extraSlashesOf(url),
    mayHoldQueryOrFragment: queryStart < url.length,
    checks: undefined,
  };
}

/** The length of an http(s) origin written out at the start of `url` ("https://uploads.github.com"), or 0. */
function originLength(url: string): number {
  const scheme = authorityAt(url);
  if (scheme === -1) return 0;
  const end = url.indexOf("/", scheme);
  return end > scheme && url.charCodeAt(scheme) !== 58 /* : */ && !NOT_PLAIN_HOST.test(url.slice(scheme, end))
    ? end
    : 0;
}

/** Where a final `{?name,label}` of `url` starts, and its names (letters, digits, `_` and `-`), or undefined. */
function finalQuery(url: string): { start: number; names: string[] } | undefined {
  const start = url.lastIndexOf("{?");
  if (start === -1 || !url.endsWith("}")) return undefined;
  const names = url.slice(start + 2, -1).split(",");
  return names.every(isPlainVarname) ? { start, names } : undefined;
}

/**
 * Whether no path segment's own text (what the url writes of it, without values) is `.` or `..`: then no
 * segment can expand to a dot segment, except through a value that is one, which expansion refuses.
 */
function keepsDotSegmentsOut(parts: readonly (string | Slot)[]): boolean {
  let segment = "";
  for (let i = 0; i < parts.length; i += 2) {
    const pieces = (parts[i] as string).split("/");
    segment += pieces[0];
    for (let k = 1; k < pieces.length; k++) {
      if (segment === "." || segment === "..") return false;
      segment = pieces[k] as string;
    }
  }
  return segment !== "." && segment !== "..";
}

/** Compiles any endpoint url from the engine's tokens. */
export function compileAnyUrl(url: string): CompiledUrl {
  const tokens = tokenize(url, true);
  const parts: (string | Slot)[] = [];
  const roles: PartRole[] = [];
  const names = new Set<string>();
  const requiredNames = new Set<string>();
  const hostNames = new Set<string>();
  // The scheme and its "://" are read as authority: they hold no path, and no `:name`.
  const schemeEnd = schemeAndSlashesLength(url);
  let region = schemeEnd > 0 ? AUTHORITY : PATH;
  const authority = authorityAt(url);
  const full = authority !== -1;
  // An http(s) url's host is no path, but its simple expressions are required as the path's are
  // ("https://{host}/x" without a host would go to the host "x"): after any `user:pass@`, until a `:port`.
  let hostStart = Number.POSITIVE_INFINITY;
  if (full) {
    // The authority ends at a "/", "?" or "#", or a `{&x}`, after which it reads query.
    let end = authorityEnd(url, authority);
    const query = url.indexOf("{&", authority);
    if (query !== -1 && query < end) end = query;
    // No "@" stands in an expression: the tokenizer refuses one there.
    hostStart = hostStartOf(url, authority, end);
  }
  let run = 0;
  let dots = false;
  let authorityExpands = false;
  // Past a `{?q}`, `{#f}` or `{&x}`, which may write nothing, what follows may still be path; past a literal
  // "?" or "#" it never is.
  let pathMayGoOn = false;
  let pathEnded = false;
  let pathTextHasDot = false;
  let pathHasValue = false;
  // Literal text, joined to any literal text before it: parts alternate literal text and slots.
  const addLiteral = (text: string): void => {
    if (parts.length % 2 === 1) {
      parts[parts.length - 1] += encodeReserved(text);
      return;
    }
    parts.push(encodeReserved(text));
    roles.push({ literal: true, separator: false, queryOrFragment: false, run });
  };
  const addExpression = (token: ExpressionToken, inPath: boolean, inHost: boolean): void => {
    const { operator } = token;
    const isRequired = operator === "" && (inPath || inHost);
    const guarded = inPath && (operator === "" || operator === "/");
    const variableNames = token.variables.map((spec) => spec.name);
    for (const name of variableNames) {
      names.add(name);
      if (isRequired) requiredNames.add(name);
    }
    if (parts.length % 2 === 0) addLiteral("");
    const [spec] = token.variables;
    if (inPath && token.source === `{${spec?.name}}`) {
      parts.push(spec?.name as string);
    } else {
      let expand = compileExpression(token, guarded ? noDotSegment : undefined);
      if (isRequired && variableNames.length > 1) {
        // Each variable is required, not only one of them.
        const whole = expand;
        expand = (read) => {
          const missing = variableNames.findIndex((name) => isUndefinedValue(read(name)));
          if (missing === -1) return whole(read);
          // The values before the first missing one are still checked, in order, as they are read.
          const before = new Set(variableNames.slice(0, missing));
          whole((name) => (before.has(name) ? read(name) : undefined));
          return undefined;
        };
      }
      parts.push({ expand, required: isRequired });
    }
    const queryOrFragment = operator === "?" || operator === "&" || operator === "#";
    // An expression belongs to the run of the text before it; one that is no `{?q}`, `{&x}` or `{#f}` ends it.
    roles.push({
      literal: false,
      separator: operator === "/" || operator === "?" || operator === "#",
      queryOrFragment,
      run,
    });
    if (!queryOrFragment) run++;
    if (full && region === AUTHORITY) {
      authorityExpands = true;
      // The host's own variables (not the userinfo's or the port's): what the message for a url left without a
      // host says to pass. A `{?q}` or `{#f}` never writes a host; a `{&x}` writes one ("&x=…") only first.
      if (inHost && operator !== "?" && operator !== "#" && (operator !== "&" || hostNames.size === 0)) {
        for (const name of variableNames) hostNames.add(name);
      }
      // A `{+x}` or `{/x}` there can write the path's first "/" and segments after it.
      if (operator === "+" || operator === "/") dots = true;
    } else if (!pathEnded) {
      if (queryOrFragment) pathMayGoOn = true;
      // A `{+path}` can write whole segments, a `{.ext}` dots; a value past a `{?q}` that wrote nothing, or in
      // another scheme's "authority" (path joined to the base), is checked with the whole expansion.
      else if (!inPath || pathMayGoOn || operator === "+" || operator === ".") dots = true;
      else pathHasValue = true;
    }
  };
  for (const token of tokens) {
    if (token.type === "expression") {
      const { operator, start } = token;
      addExpression(token, region === PATH, region === AUTHORITY && start >= hostStart);
      if (operator === "?" || operator === "&" || operator === "#") region = QUERY_OR_FRAGMENT;
      else if (operator === "/" && region === AUTHORITY && start + token.source.length > schemeEnd) region = PATH;
      continue;
    }
    const { text, start } = token;
    const pathEnd = pathEndOf(text);
    let from = 0;
    const colon = text.indexOf(":");
    if (region === PATH && (colon === -1 || colon > pathEnd)) {
      // Path text without a `:name`, the common case: read at once.
      const dot = text.indexOf(".");
      const percent = text.indexOf("%");
      pathTextHasDot ||= (dot !== -1 && dot < pathEnd) || (percent !== -1 && percent < pathEnd);
      if (pathEnd < text.length) region = QUERY_OR_FRAGMENT;
    } else {
      for (let i = 0; i < text.length; i++) {
        const at = start + i;
        if (region === QUERY_OR_FRAGMENT || at < schemeEnd) continue;
        const code = text.charCodeAt(i);
        if (code === 63 /* ? */ || code === 35 /* # */) {
          region = QUERY_OR_FRAGMENT;
        } else if (region === AUTHORITY) {
          if (code === 47 /* / */) region = PATH;
          // A port: a ":" in the userinfo ("user:pass@") is before the host.
          else if (code === 58 && at >= hostStart) hostStart = Number.POSITIVE_INFINITY;
        } else if (code === 46 /* . */ || code === 37 /* % */) {
          pathTextHasDot = true;
        } else if (code === 58 /* : */) {
          const nameEnd = colonNameEnd(text, i);
          if (nameEnd === -1) continue;
          if (i > from) addLiteral(text.slice(from, i));
          const name = text.slice(i + 1, nameEnd);
          const variables = [{ name, explode: false, prefix: 0 }];
          addExpression({ type: "expression", operator: "", variables, source: `:${name}`, start: at }, true, false);
          i = nameEnd - 1;
          from = nameEnd;
        }
      }
    }
    // Path text after a `{?q}`, `{#f}` or `{&x}` that wrote nothing joins the text before it.
    if (pathMayGoOn && !pathEnded && pathEnd > 0) dots = true;
    if (pathEnd < text.length) pathEnded = true;
    if (from < text.length) addLiteral(text.slice(from));
  }
  if (parts.length % 2 === 0) addLiteral("");
  // A value beside the url's own "." or "%" can join it into a dot segment.
  dots ||= pathTextHasDot && pathHasValue;
  // The url's literal start, or undefined when a value starts it.
  const start = parts[0] === "" && parts.length > 1 ? undefined : (parts[0] as string);
  const fullUrl = start === undefined ? undefined : fullUrlFrom(start);
  // An authority of the url's own text ends in that text: it must hold a host.
  if (fullUrl === true && !authorityExpands) checkOwnHost(url, start as string);
  const firstToken = tokens[0];
  const host = hostCheck(
    parts,
    authorityExpands ? authority : -1,
    [...hostNames],
    // A url that values may make full, unless a leading `{+x}` writes the scheme and host as given.
    fullUrl === undefined && !(firstToken?.type === "expression" && firstToken.operator === "+"),
  );
  const fillable = [...names].filter((name) => !fillsNoUrl(name));
  return {
    parts,
    variableNames: fillable.length > MANY_NAMES ? new Set(fillable) : fillable,
    requiredNames: [...requiredNames],
    fullUrl,
    leadingSlash: start?.startsWith("/"),
    extraSlashes: extraSlashesOf(start ?? ""),
    mayHoldQueryOrFragment: tokens.some((token) =>
      token.type === "literal"
        ? pathEndOf(token.text) < token.text.length
        : "?&#+".includes(token.operator) && token.operator !== "",
    ),
    checks:
      dots || host !== undefined
        ? {
            dots,
            host,
            parts: roles,
            lastRun: run,
            // The origin the url's literal start writes (it holds the whole authority); undefined when URL
            // parsers cannot read it (the url's expansions are then refused as clients would refuse them).
            origin: fullUrl === true && !authorityExpands ? parsedOrigin(start as string) : undefined,
          }
        : undefined,
  };
}

/** Expanders of `{name}` for values other than strings and numbers, which are rare: compiled on first use. */
const simpleExpanders = new BoundedCache<ExpressionExpander>(500, 20_000);

/**
 * A path `{name}` compiled by the engine: the general expansion that `expandParts` inlines for strings and
 * numbers. Exported for the property test that checks the inline slot against it, not from index.ts.
 */
export function compileSimple(name: string): ExpressionExpander {
  const variables = [{ name, explode: false, prefix: 0 }];
  return compileExpression(
    { type: "expression", operator: "", variables, source: `{${name}}`, start: 0 },
    noDotSegment,
  );
}

/**
 * Expands a compiled url, or gives undefined when a required value is missing. With `starts`, it records
 * where each part starts.
 */
function expandParts(
  parts: readonly (string | Slot)[],
  parameters: readonly unknown[],
  starts?: number[],
): string | undefined {
  // A reader for the expressions that need one, made at most once.
  let read: VariableReader | undefined;
  let out = parts[0] as string;
  starts?.push(0);
  for (let i = 1; i < parts.length; i += 2) {
    const slot = parts[i] as Slot;
    starts?.push(out.length);
    if (typeof slot === "string") {
      let value: unknown;
      // A scan is quickest for the few parameters calls have; `{data}` reads nothing.
      if (parameters.length > MAX_SCANNED) {
        read ??= parameterReader(parameters);
        value = read(slot);
      } else if (slot !== "data") {
        for (let j = 0; j < parameters.length; j += 2) {
          if (parameters[j] === slot) {
            value = parameters[j + 1];
            break;
          }
        }
      }
      let piece: string | undefined;
      if (typeof value === "string") {
        piece = encodeUnreserved(value);
        // The source for the message is written only when there is a message to write.
        if (piece === "." || piece === "..") noDotSegment(piece, slot, `{${slot}}`);
      } else if (typeof value === "number") piece = encodeUnreserved(String(value));
      else if (value === undefined || value === null) return undefined;
      else {
        read ??= parameterReader(parameters);
        piece = simpleExpanders.remember(slot, compileSimple)(read);
      }
      if (piece === undefined) return undefined;
      out += piece;
    } else {
      read ??= parameterReader(parameters);
      const piece = slot.expand(read);
      if (piece !== undefined) out += piece;
      else if (slot.required) return undefined;
    }
    starts?.push(out.length);
    out += parts[i + 1] as string;
  }
  return out;
}

/** Parameter lists longer than this (key, value, key, value…) are indexed once rather than scanned. */
const MAX_SCANNED = 32;

/**
 * The url's values from a list of parameters. `data` and options fill no url: a `{data}` reads nothing. A
 * scan is quickest for the few parameters calls have; a long list is indexed once.
 */
function parameterReader(parameters: readonly unknown[]): VariableReader {
  if (parameters.length > MAX_SCANNED) {
    const index = new Map<unknown, unknown>();
    for (let i = 0; i < parameters.length; i += 2) index.set(parameters[i], parameters[i + 1]);
    return (name) => (name === "data" ? undefined : index.get(name));
  }
  return (name) => {
    if (name === "data") return undefined;
    for (let i = 0; i < parameters.length; i += 2) if (parameters[i] === name) return parameters[i + 1];
    return undefined;
  };
}

/** Whether every url that starts with this literal text is full (true), none is (false), or its values decide. */
function fullUrlFrom(start: string): boolean | undefined {
  if (isFullUrl(start)) return true;
  // A start such as "http" or "https:/" may still become one: "http{s}://…", "https:/{/host}".
  const lower = start.slice(0, 8).toLowerCase();
  return "https://".startsWith(lower) || "http://".startsWith(lower) ? undefined : false;
}

/** What each expansion of a full url with values in its authority, or a url values may make full, is checked for. */
function hostCheck(
  parts: readonly (string | Slot)[],
  authority: number,
  names: readonly string[],
  schemeFromValues: boolean,
): HostCheck | undefined {
  if (authority === -1) {
    if (!schemeFromValues) return undefined;
    const ownSlashes = parts.some((part, k) => k % 2 === 0 && (part as string).includes("://"));
    return { kind: "scheme", ownSlashes, fix: "pass values that write one" };
  }
  const fix = names.length > 0 ? `pass ${objectHint(names)}` : "write a host before any {?…}, {#…} or {&…}";
  // Where the authority ends in the url's own text (its first "/", "?" or "#" after "://"), and whether it
  // holds text of the url's own.
  let ownText = false;
  for (let k = 0; k < parts.length; k += 2) {
    const text = parts[k] as string;
    const from = k === 0 ? authority : 0;
    const end = authorityEnd(text, from);
    ownText ||= end > from;
    if (end < text.length) return { kind: "authority", at: authority, names, ownText, ownEnd: [k, end], fix };
  }
  return { kind: "authority", at: authority, names, ownText, ownEnd: undefined, fix };
}

/**
 * Expands an endpoint url with a list of parameters (key, value, key, value…); names every missing required
 * path parameter in one error.
 */
export function expandUrl(compiled: CompiledUrl, parameters: readonly unknown[], method: string, url: string): string {
  const { checks } = compiled;
  // Where each part starts, recorded by the one expansion whose text the checks read.
  const starts = checks === undefined ? undefined : [];
  const path = expandParts(compiled.parts, parameters, starts);
  // A required variable was undefined: expansion stopped at it.
  if (path === undefined) {
    throw missingParametersError(compiled, parameterReader(parameters), `${method} ${url}`) as EndpointError;
  }
  if (path === "") {
    // `GET {+next}` without a next page: the url would be the bare baseUrl, a request nobody meant.
    const names = [...compiled.variableNames];
    throw new EndpointError(
      "ERR_MISSING_PARAMETER",
      `the values for ${quote(`${method} ${url}`)} leave the url empty; ${names.length > 0 ? `pass ${objectHint(names)}` : "write a path in the url"}`,
    );
  }
  if (checks !== undefined) checkExpansion(checks, path, starts as number[], `${method} ${url}`);
  return path;
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
export function objectHint(names: readonly string[], more = false): string {
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
  if (base === "") {
    // `rest` has no baseUrl until the caller sets one.
    throw new EndpointError(
      "ERR_MISSING_URL",
      `url ${quote(path)} is a path and no baseUrl is set; set one, e.g. rest.defaults({ baseUrl: "https://api.example.com" })`,
    );
  }
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

/**
 * baseUrls checked already, with their origin as the WHATWG URL parser reads it: a call that passes one (as
 * `parse()` is given one) checks it once.
 */
const checkedBaseUrls = new BoundedCache<string>(100, 20_000);

/** The origin of a baseUrl `checkBaseUrl` took (`https://ghe.example:8443`), as clients read it. */
export function originOf(baseUrl: string): string {
  return checkedBaseUrls.remember(baseUrl, (url) => new URL(url).origin);
}

/**
 * A `baseUrl`, checked to be an absolute http(s) url with a host, as URL parsers read it, and with nothing
 * that would change once the path is joined to it as it is: no space, control character, `\`, `?` or `#`.
 * `name` is how the message names it: the option, or the CLI's flag. `github`: the baseUrl is for GitHub's
 * conventions (`endpoint`), so a message's example is a GitHub Enterprise Server url; `rest` gets a neutral one.
 */
export function checkBaseUrl(value: unknown, name = 'option "baseUrl"', github = true): string {
  if (typeof value !== "string") {
    throw new EndpointError(
      "ERR_INVALID_PARAMETER",
      `${name} is ${describeType(value)}; pass a string such as ${quote(exampleBaseUrlFor(github))}`,
    );
  }
  if (checkedBaseUrls.get(value) === undefined) checkedBaseUrls.set(value, checkBaseUrlText(value, name, github));
  return value;
}

/** Checks a baseUrl's text, and gives its origin. */
function checkBaseUrlText(value: string, name: string, github: boolean): string {
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
        `has ${quote(value.charAt(i))} at index ${i}, and the path is joined after it; end it before any query or fragment`,
      );
    }
    if (code === 92 /* \ */) {
      // URL parsers read it as "/" in an http(s) url: the host would not be the one written.
      throw invalid(`has "\\" at index ${i}; write "/" between path segments`);
    }
  }
  const hostAt = authorityAt(value);
  if (hostAt === -1) {
    throw invalid(
      `is not an absolute http(s) url; write its scheme and host, e.g. ${quote(exampleBaseUrl(value, github))}`,
    );
  }
  if (!hasHost(value, hostAt)) {
    throw invalid(
      `names no host after "${value.slice(0, hostAt)}"; write one, e.g. ${quote(exampleBaseUrl(value, github))}`,
    );
  }
  // "?" and "#" are refused above: the authority ends at a "/".
  if (hostStartOf(value, hostAt, authorityEnd(value, hostAt)) > hostAt) {
    throw invalid(
      'has credentials, which fetch() refuses; send them in a header, e.g. headers: { authorization: "Basic …" }',
    );
  }
  const origin = parsedOrigin(value);
  // An example built from this value would repeat what is wrong with it.
  if (origin !== undefined) return origin;
  throw invalid(
    `is not a url that URL parsers read (check its host and port); write e.g. ${quote(exampleBaseUrlFor(github))}`,
  );
}

/** A baseUrl for a message: a GitHub Enterprise Server url for `endpoint`, a neutral one for `rest`. */
export function exampleBaseUrlFor(github: boolean): string {
  return github ? "https://github.example.com/api/v3" : "https://api.example.com";
}

/**
 * A valid baseUrl like the one given, for a message: `https://` and the host and path after any `//`, when that
 * host could be one ("github.acme-inc.com/api/v3", "https//ghe.example", "htps://ghe.example", "ftp://ghe.example").
 */
function exampleBaseUrl(value: string, github: boolean): string {
  const slashes = value.indexOf("//");
  const rest = slashes === -1 ? value : value.slice(slashes + 2);
  const host = rest.split("/")[0] as string;
  return !host.includes(":") && host.includes(".") && !host.includes("@") && !host.includes("{")
    ? `https://${rest}`
    : exampleBaseUrlFor(github);
}
