// RFC 6570 URI Templates, level 4: a template is tokenized once, each token compiled to a closure, and
// the closures concatenated on expansion. No regular expression runs on input. Endpoint urls are a layer
// over this engine (url.ts).
import { BoundedCache } from "../base/cache.js";
import { codePointName, invalidLiteralAt, isControl, isDigit, isHexDigit, isWordChar } from "../base/chars.js";
import { dateTime, encodeReserved, encodeUnreserved, scalarText } from "../base/encode.js";
import { describeType, EndpointError, quote } from "../base/errors.js";
import { checkPlainObject, isPlainObject, own, ownItem } from "../base/util.js";

/** The values a template is expanded with: strings, numbers, lists or objects, by variable name. */
export type TemplateVariables = Readonly<Record<string, unknown>>;

/** A parsed and compiled RFC 6570 template. */
export interface UriTemplate {
  /** The template as written. */
  readonly template: string;
  /** Every variable name the template uses, once each, in order of appearance. */
  readonly variableNames: readonly string[];
  /**
   * Expands the template with a plain object of variables (none: `{}`); undefined and null variables
   * expand to nothing (RFC 6570 section 2.3).
   */
  expand(variables?: TemplateVariables): string;
}

type Operator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** RFC 6570 appendix A: how each operator joins and encodes its values. */
interface OperatorRule {
  readonly first: string;
  readonly separator: string;
  readonly named: boolean;
  readonly ifEmpty: string;
  readonly encode: (text: string) => string;
}

const OPERATORS: Readonly<Record<Operator, OperatorRule>> = {
  "": { first: "", separator: ",", named: false, ifEmpty: "", encode: encodeUnreserved },
  "+": { first: "", separator: ",", named: false, ifEmpty: "", encode: encodeReserved },
  "#": { first: "#", separator: ",", named: false, ifEmpty: "", encode: encodeReserved },
  ".": { first: ".", separator: ".", named: false, ifEmpty: "", encode: encodeUnreserved },
  "/": { first: "/", separator: "/", named: false, ifEmpty: "", encode: encodeUnreserved },
  ";": { first: ";", separator: ";", named: true, ifEmpty: "", encode: encodeUnreserved },
  "?": { first: "?", separator: "&", named: true, ifEmpty: "=", encode: encodeUnreserved },
  "&": { first: "&", separator: "&", named: true, ifEmpty: "=", encode: encodeUnreserved },
};

/** Operators RFC 6570 reserves for future extensions: a template using them is invalid. */
const RESERVED_OPERATORS = "=,!@|";

interface VariableSpec {
  readonly name: string;
  readonly explode: boolean;
  /** The prefix modifier `:n`; 0 when there is none. */
  readonly prefix: number;
}

/** One piece of a parsed template: literal text as written, or an expression; `start` is its index. */
export type TemplateToken =
  | { readonly type: "literal"; readonly text: string; readonly start: number }
  | {
      readonly type: "expression";
      readonly operator: Operator;
      readonly variables: readonly VariableSpec[];
      /** The expression as written, braces included, for error messages. */
      readonly source: string;
      readonly start: number;
    };

export type ExpressionToken = Extract<TemplateToken, { type: "expression" }>;

function templateError(template: string, index: number, problem: string, fix: string): EndpointError {
  return new EndpointError(
    "ERR_INVALID_TEMPLATE",
    `invalid template ${quote(template)} at index ${index}: ${problem}; ${fix}`,
  );
}

/**
 * The RFC 6570 varname grammar (section 2.3), its one home: runs of letters, digits, `_` and `%XX`, joined by
 * single dots; `-` too in an endpoint url (`dashInNames`). Where `name` breaks it: the index of the first
 * character that may not stand there, `name.length` when it is empty or ends with a dot, or -1 when it is a
 * variable name.
 */
export function varnameBreakAt(name: string, dashInNames: boolean): number {
  let previousWasDot = true;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code === 46 && !previousWasDot) {
      previousWasDot = true;
      continue;
    }
    previousWasDot = false;
    if (isWordChar(code) || (code === 45 && dashInNames)) continue;
    if (code === 37 && isHexDigit(name.charCodeAt(i + 1)) && isHexDigit(name.charCodeAt(i + 2))) {
      i += 2;
      continue;
    }
    return i;
  }
  // An empty name leaves previousWasDot as it started.
  return previousWasDot ? name.length : -1;
}

/**
 * A name of letters, digits, `_` and `-` only: an endpoint url's variable as its plain path reader and the
 * OpenAPI generator take it, with no `.` or `%XX` (a subset of `varnameBreakAt`'s grammar with `-`).
 */
export function isPlainVarname(name: string): boolean {
  return name !== "" && !NOT_WORD_OR_DASH.test(name);
}

/** A character other than letters, digits, `_` and `-`: one character class, which cannot backtrack. */
const NOT_WORD_OR_DASH = /[^\w-]/;

/** Reads `varname [ ":" max-length | "*" ]` (RFC 6570 section 2.3 and 2.4). */
function parseVariableSpec(template: string, spec: string, at: number, dashInNames: boolean): VariableSpec {
  let end = spec.length;
  let explode = false;
  let prefix = 0;
  const colon = spec.indexOf(":");
  if (colon !== -1) {
    const digits = spec.slice(colon + 1);
    end = colon;
    let valid = digits.length >= 1 && digits.length <= 4 && digits.charCodeAt(0) !== 48;
    for (let i = 0; valid && i < digits.length; i++) valid = isDigit(digits.charCodeAt(i));
    if (!valid) {
      throw templateError(
        template,
        at + colon,
        `prefix modifier ${quote(spec.slice(colon))} is not a number from 1 to 9999`,
        "write it like {name:3}",
      );
    }
    prefix = Number(digits);
  } else if (spec.endsWith("*")) {
    end = spec.length - 1;
    explode = true;
  }
  const name = spec.slice(0, end);
  const bad = varnameBreakAt(name, dashInNames);
  if (bad !== -1 && bad < name.length) {
    throw templateError(
      template,
      at + bad,
      `${quote(name.charAt(bad))} is not allowed in variable name ${quote(name)}`,
      dashInNames ? "use letters, digits, _, -, %XX and single dots" : "use letters, digits, _, %XX and single dots",
    );
  }
  if (bad !== -1) {
    throw templateError(
      template,
      at + Math.max(0, end - 1),
      name === "" ? "empty variable name" : `variable name ${quote(name)} ends with a dot`,
      "name every variable, e.g. {name}",
    );
  }
  return { name, explode, prefix };
}

function parseExpression(template: string, open: number, close: number, dashInNames: boolean): ExpressionToken {
  let start = open + 1;
  let operator: Operator = "";
  // Never "": the expression closes after it. Own keys only: a polluted Object.prototype adds none.
  const first = template.charAt(start);
  if (Object.hasOwn(OPERATORS, first)) {
    operator = first as Operator;
    start++;
  } else if (RESERVED_OPERATORS.includes(first)) {
    throw templateError(
      template,
      start,
      `operator ${quote(first)} is reserved by RFC 6570`,
      "use one of + # . / ; ? &",
    );
  }
  const variables: VariableSpec[] = [];
  let specStart = start;
  for (let i = start; i <= close; i++) {
    if (i === close || template.charCodeAt(i) === 44) {
      variables.push(parseVariableSpec(template, template.slice(specStart, i), specStart, dashInNames));
      specStart = i + 1;
    }
  }
  return { type: "expression", operator, variables, source: template.slice(open, close + 1), start: open };
}

/**
 * `parseTemplate` refuses literal text RFC 6570 forbids; endpoint urls percent-encode it instead, as
 * `@octokit/endpoint` does, so this runs apart from `tokenize` (and leaves the endpoint bundle).
 * The template's braces are known to be well formed.
 */
function checkLiterals(template: string): void {
  let start = 0;
  let at = -1;
  while (at === -1 && start < template.length) {
    const open = template.indexOf("{", start);
    const end = open === -1 ? template.length : open;
    at = invalidLiteralAt(template, start, end);
    start = open === -1 ? end : template.indexOf("}", open) + 1;
  }
  if (at === -1) return;
  if (template.charCodeAt(at) === 37) {
    throw templateError(template, at, '"%" must start a percent-encoded byte', 'write "%25" for a "%" itself');
  }
  const point = template.codePointAt(at) as number;
  const shown = codePointName(point);
  throw templateError(
    template,
    at,
    `${isControl(point) || (point >= 0xd800 && point <= 0xdfff) ? shown : `${quote(String.fromCodePoint(point))} (${shown})`} cannot stand in literal text (RFC 6570 section 2.1)`,
    "percent-encode it as UTF-8, e.g. %20 for a space",
  );
}

/**
 * Splits a template into literal and expression tokens in one pass. `dashInNames` also allows `-` in
 * variable names, as endpoint urls do (GitHub's API description writes `{enterprise-team}`).
 * @throws {EndpointError} ERR_INVALID_TEMPLATE for an unclosed `{`, a stray `}`, a reserved operator,
 * a bad variable name or prefix.
 */
export function tokenize(template: string, dashInNames = false): TemplateToken[] {
  const tokens: TemplateToken[] = [];
  let start = 0;
  while (start < template.length) {
    const open = template.indexOf("{", start);
    const end = open === -1 ? template.length : open;
    const stray = template.indexOf("}", start);
    if (stray !== -1 && stray < end) {
      throw templateError(template, stray, 'unexpected "}"', 'remove it or open the expression with "{"');
    }
    if (end > start) tokens.push({ type: "literal", text: template.slice(start, end), start });
    if (open === -1) break;
    const close = template.indexOf("}", open + 1);
    const nested = template.indexOf("{", open + 1);
    if (nested !== -1 && (close === -1 || nested < close)) {
      throw templateError(
        template,
        nested,
        'an expression cannot contain "{"',
        `close the expression at index ${open}`,
      );
    }
    if (close === -1) throw templateError(template, open, 'unclosed "{"', 'close the expression with "}"');
    tokens.push(parseExpression(template, open, close, dashInNames));
    start = close + 1;
  }
  return tokens;
}

function invalidValue(name: string, source: string, value: unknown, expected: string): EndpointError {
  return new EndpointError(
    "ERR_INVALID_PARAMETER",
    `parameter ${quote(name)} for ${quote(source)} is ${describeType(value)}; pass ${expected}`,
  );
}

/**
 * RFC 6570 section 2.3: undefined and null are undefined, and so is a list or plain object whose
 * members all are (an empty one included).
 */
export function isUndefinedValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) {
    // Read as expansion reads a list: a hole is undefined, never the prototype's index.
    for (let i = 0; i < value.length; i++) if (ownItem(value, i) != null) return false;
    return true;
  }
  return isPlainObject(value) && Object.values(value).every((member) => member === undefined || member === null);
}

/** The first `length` code points of `text` (RFC 6570 section 2.4.1 counts characters, not UTF-16 units). */
function prefixOf(text: string, length: number): string {
  let i = 0;
  for (let count = 0; count < length && i < text.length; count++) {
    const code = text.charCodeAt(i);
    // A high surrogate that ends the text steps past the end, which slice ignores.
    i += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return text.slice(0, i);
}

/**
 * A check of each piece of a value that stands as one segment (a scalar, a `{/x*}` list item, a joined list
 * or object): it returns the piece, or throws. Endpoint urls use it to refuse values of `.` and `..`.
 */
export type PieceCheck = (piece: string, name: string, source: string) => string;

/** Expands the value of one variable of an expression, or returns undefined when it is undefined. */
type VariableExpander = (value: unknown) => string | undefined;

function compileVariable(rule: OperatorRule, spec: VariableSpec, source: string, check?: PieceCheck): VariableExpander {
  const { name, explode, prefix } = spec;
  const { encode, named, ifEmpty } = rule;
  const itemSeparator = explode ? rule.separator : ",";
  const checkItems = check !== undefined && explode && rule.separator === "/";
  const scalar = (text: string): string => {
    const value = encode(prefix > 0 ? prefixOf(text, prefix) : text);
    // A scalar is one segment whatever the operator: `{/x*}` with ".." climbs as `{/x}` does.
    if (!named) return check === undefined ? value : check(value, name, source);
    return text === "" ? name + ifEmpty : `${name}=${value}`;
  };
  const listItem = (item: unknown): string => {
    const text = scalarText(item);
    if (text === undefined) {
      throw new EndpointError(
        "ERR_INVALID_PARAMETER",
        `parameter ${quote(name)} for ${quote(source)} holds ${describeType(item)} as a member; give only strings, numbers, booleans or Dates`,
      );
    }
    return text;
  };
  return (value) => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return scalar(value);
    const text = scalarText(value);
    if (text !== undefined) return scalar(text);
    if (typeof value !== "object")
      throw invalidValue(name, source, value, "a string, number, boolean, Date, list or object");
    if (prefix > 0) {
      throw invalidValue(name, source, value, `a string: the prefix modifier ":${prefix}" applies to strings only`);
    }
    let out = "";
    let count = 0;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = ownItem(value, i);
        if (item === undefined || item === null) continue;
        const text = listItem(item);
        let piece: string;
        if (named && explode) piece = text === "" ? name + ifEmpty : `${name}=${encode(text)}`;
        else piece = checkItems ? (check as PieceCheck)(encode(text), name, source) : encode(text);
        out += count++ === 0 ? piece : itemSeparator + piece;
      }
    } else if (isPlainObject(value)) {
      for (const key of Object.keys(value)) {
        const member = value[key];
        if (member === undefined || member === null) continue;
        const text = listItem(member);
        let piece: string;
        if (!explode) piece = `${encode(key)},${encode(text)}`;
        else if (named && text === "") piece = encode(key) + ifEmpty;
        else piece = `${encode(key)}=${encode(text)}`;
        out += count++ === 0 ? piece : itemSeparator + piece;
      }
    } else {
      const expected = Number.isNaN(dateTime(value))
        ? "a valid Date (this one's getTime() is NaN)"
        : "a string, number, boolean, Date, list or plain object";
      throw invalidValue(name, source, value, expected);
    }
    if (count === 0) return undefined;
    if (named && !explode) return `${name}=${out}`;
    return check === undefined || checkItems ? out : check(out, name, source);
  };
}

/** A variable's value by name: the caller decides where values come from (an object, a list of parameters). */
export type VariableReader = (name: string) => unknown;

/** An expression's expansion, or undefined when every variable in it is undefined (it then writes nothing). */
export type ExpressionExpander = (read: VariableReader) => string | undefined;

/**
 * Compiles one expression. `check`, when given, sees each piece of a value that stands as one segment.
 */
export function compileExpression(token: ExpressionToken, check?: PieceCheck): ExpressionExpander {
  const rule = OPERATORS[token.operator];
  const specs = token.variables;
  const parts = specs.map((spec) => compileVariable(rule, spec, token.source, check));
  return (read) => {
    let out: string | undefined;
    for (let i = 0; i < parts.length; i++) {
      const piece = (parts[i] as VariableExpander)(read((specs[i] as VariableSpec).name));
      if (piece !== undefined) out = out === undefined ? rule.first + piece : out + rule.separator + piece;
    }
    return out;
  };
}

/** Compiles tokens into one expansion function. */
export function compileTokens(tokens: readonly TemplateToken[]): (read: VariableReader) => string {
  const parts = tokens.map((token) =>
    token.type === "literal" ? encodeReserved(token.text) : compileExpression(token),
  );
  return (read) => {
    let out = "";
    for (const part of parts) out += typeof part === "string" ? part : (part(read) ?? "");
    return out;
  };
}

/** Every variable name in the tokens, once each, in order of appearance. */
export function variableNamesOf(tokens: readonly TemplateToken[]): string[] {
  const names = new Set<string>();
  for (const token of tokens) {
    if (token.type === "expression") for (const spec of token.variables) names.add(spec.name);
  }
  return [...names];
}

// Pure: a bundle without `parseTemplate` (an `endpoint`-only one) drops both.
const cache = /* @__PURE__ */ new BoundedCache<UriTemplate>(1000, 100_000);
const NO_VARIABLES: TemplateVariables = /* @__PURE__ */ Object.freeze({});

/**
 * Parses an RFC 6570 (level 4) URI template once; expand it as often as you like.
 * @example
 * parseTemplate("/repos/{owner}/{repo}{?per_page}").expand({ owner: "octokit", repo: "rest.js" })
 * // → "/repos/octokit/rest.js"
 * @throws {EndpointError} ERR_INVALID_TEMPLATE when the template is malformed.
 */
export function parseTemplate(template: string): UriTemplate {
  if (typeof template !== "string") {
    throw new EndpointError(
      "ERR_INVALID_TEMPLATE",
      `a template must be a string, got ${describeType(template)}; pass e.g. "/users/{username}"`,
    );
  }
  return cache.remember(template, compileTemplate);
}

function compileTemplate(template: string): UriTemplate {
  const tokens = tokenize(template);
  checkLiterals(template);
  const expandTokens = compileTokens(tokens);
  return Object.freeze({
    template,
    variableNames: Object.freeze(variableNamesOf(tokens)),
    expand(variables: TemplateVariables = NO_VARIABLES): string {
      // A Map or an array would be read as an object of its own properties: none, or indexes.
      // The message is written only when there is one to write: expand() is the hot path.
      if (!isPlainObject(variables)) {
        checkPlainObject(
          variables,
          `the variables argument for ${quote(template)}`,
          `pass e.g. { name: "value" }${(variables as unknown) instanceof Map ? " (Object.fromEntries(map) turns a Map into one)" : ""}`,
          "ERR_INVALID_PARAMETER",
        );
      }
      return expandTokens((name) => own(variables, name));
    },
  });
}
