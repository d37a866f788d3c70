// Every bad input throws an EndpointError with a stable code and a message naming the input and the fix.
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quote } from "../src/base/errors.js";
import {
  EndpointError,
  type EndpointErrorCode,
  endpoint,
  nextPage,
  parseTemplate,
  type RequestOptions,
  rest,
  toCurl,
  toFetch,
  toNodeRequest,
} from "../src/index.js";
import { fuzz } from "./helpers/fuzz.js";
import { call, confirmedGrowth } from "./helpers/linear.js";
import { endpointErrorFrom } from "./helpers/thrown.js";

/** A plain object `levels` deep: `{ a: { a: … {} } }` (the innermost `{}` is level 1). */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

interface ErrorCase {
  rule: string;
  code: EndpointErrorCode;
  run: () => unknown;
  /** Text the message must contain: the offending input and the fix. */
  message: (string | RegExp)[];
}

/** A Date subclass whose toISOString gives no string: it has no text to expand. */
class BrokenDate extends Date {
  override toISOString(): string {
    return { toString: () => "../../admin?x=1 y#" } as never;
  }
}

/** `[[…[1]…]]`, `depth` lists deep. */
function nestedList(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

const cases: ErrorCase[] = [
  {
    rule: "a Date subclass whose toISOString gives no string, in the path: refused, never written raw",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /repos/{owner}/hooks", { owner: new BrokenDate(0) as never }),
    message: ['parameter "owner"'],
  },
  {
    rule: "a Date subclass whose toISOString gives no string, in the query",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { since: new BrokenDate(0) }),
    message: ['query parameter "since"'],
  },
  {
    rule: "a Date subclass whose toISOString gives null, in parseTemplate (no TypeError of the library's own)",
    code: "ERR_INVALID_PARAMETER",
    run: () =>
      parseTemplate("/x/{a}").expand({
        a: new (class extends Date {
          override toISOString(): string {
            return null as never;
          }
        })(0) as never,
      }),
    message: ['parameter "a"'],
  },
  {
    rule: "three words without a method: the route has too many words (no hint about spaces in a url)",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("a b c" as string),
    message: ['invalid route "a b c": it has more than two words; write "<METHOD> <url>"'],
  },
  {
    rule: "a url missing exactly 20 parameters names all 20 and counts none more",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint({ url: `/${Array.from({ length: 20 }, (_, i) => `{v${i}}`).join("/")}` }),
    message: [/"v19" for "GET \/\{v0\}/],
  },
  {
    rule: "an empty expression followed by a stray }",
    code: "ERR_INVALID_TEMPLATE",
    run: () => parseTemplate("{}}"),
    message: ['"{}}" at index 1: empty variable name'],
  },
  {
    rule: "an expression that opens another",
    code: "ERR_INVALID_TEMPLATE",
    run: () => parseTemplate("{a{b}"),
    message: ['at index 2: an expression cannot contain "{"; close the expression at index 0'],
  },
  {
    rule: "a symbol as a value",
    code: "ERR_INVALID_PARAMETER",
    run: () => parseTemplate("{x}").expand({ x: Symbol("s") }),
    message: ['parameter "x" for "{x}" is symbol; pass a string, number, boolean, Date, list or object'],
  },
  ...(
    [
      // Only strings are in quotes, so that no other value reads as the string of the same text.
      ["a bigint", 12n, "unknown method 12n;"],
      ["the string of a bigint's text", "12n", 'unknown method "12n";'],
      ["NaN, which JSON would write as null", Number.NaN, "unknown method NaN;"],
      ["Infinity", Number.NEGATIVE_INFINITY, "unknown method -Infinity;"],
      ["null", null, "unknown method null;"],
      ["a list holding null", [null], "unknown method [null];"],
      ["a symbol", Symbol("GET"), "unknown method Symbol(GET);"],
      ["the string of a symbol's text", "Symbol(GET)", 'unknown method "Symbol(GET)";'],
      ["a function, by its name and not its source", function named() {}, "unknown method function named;"],
      ["a function without a name", () => 1, "unknown method a function;"],
      ["a Date, as the ISO time the library would send", new Date(0), "unknown method 1970-01-01T00:00:00.000Z;"],
      ["an invalid Date", new Date(Number.NaN), "unknown method Invalid Date;"],
      ["a string of exactly 120 characters, whole", "x".repeat(120), `unknown method "${"x".repeat(120)}";`],
      ["a longer string, cut between code points", `${"x".repeat(119)}😀z`, `unknown method "${"x".repeat(119)}…";`],
      [
        "line separators and bidi controls, escaped",
        "a\u2028b\u202ec\u0085",
        'unknown method "a\\u2028b\\u202ec\\u0085";',
      ],
      ["100 nested lists, shown as they are", nestedList(100), `unknown method ${"[".repeat(100)}1]`],
      ["a typed array, as a list", new Uint8Array([1, 2]), "unknown method [1,2];"],
      ["a DataView, which has no items", new DataView(new ArrayBuffer(2)), "unknown method {};"],
      [
        "a symbol whose description has bidi marks and a lone surrogate, escaped",
        Symbol("a\u200fb\u061cc\ud800d"),
        "unknown method Symbol(a\\u200fb\\u061cc\\ud800d);",
      ],
      [
        "an object, past keys that JSON leaves out",
        { ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, undefined])), f: () => 0, z: 1 },
        'unknown method {"z":1};',
      ],
    ] as const
  ).map(
    ([what, method, message]): ErrorCase => ({
      rule: `a method that is ${what} is quoted as such`,
      code: "ERR_INVALID_METHOD",
      run: () => endpoint({ method: method as never, url: "/x" }),
      message: [message],
    }),
  ),
  ...(
    [
      ["a Date", new Date(0), 'header "x-a" is Date;'],
      [
        "an object whose class has an empty name",
        Object.create({ constructor: { name: "" } }),
        'header "x-a" is object;',
      ],
      [
        "an object whose class name is no string",
        Object.create({ constructor: { name: 5 } }),
        'header "x-a" is object;',
      ],
      ["an object whose prototype has no constructor", Object.create(Object.create(null)), 'header "x-a" is object;'],
      [
        "an object whose constructor's name is long and holds control characters",
        Object.create({ constructor: { name: `${"N".repeat(5000)}\n\u001b[31m` } }),
        `header "x-a" is ${"N".repeat(60)}…;`,
      ],
    ] as const
  ).map(
    ([what, value, message]): ErrorCase => ({
      rule: `a header value that is ${what} is named by its type`,
      code: "ERR_INVALID_HEADER",
      run: () => endpoint("GET /x", { headers: { "x-a": value as never } }),
      message: [message],
    }),
  ),
  {
    rule: "a header entry that is undefined is named as such",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: [undefined] as never }),
    message: ["header entry undefined is not a [name, value] pair"],
  },
  {
    rule: "a class instance in a url names every kind of value a url takes",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x/{x}", { x: new Map() as never }),
    message: ['parameter "x" for "{x}" is Map; pass a string, number, boolean, Date, list or plain object'],
  },
  {
    rule: "a third word is a route error even when the first word is no method",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("FOO /x y" as string),
    message: ['"FOO /x y"', "more than two words"],
  },
  {
    rule: "a list whose one member is .. would climb the path as the value .. does",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x/{a}", { a: [".."] as never }),
    message: ['parameter "a" for "{a}" is ".."', "would climb the path"],
  },
  {
    rule: "a prefix that cuts a value down to .. would climb the path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x/{a:2}", { a: "../b" }),
    message: ['parameter "a" for "{a:2}" is ".."'],
  },
  {
    rule: "a {.ext} value of . after a literal / makes a .. segment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x/{.e}", { e: "." }),
    message: ['"/x/..", with a ".." segment'],
  },
  {
    rule: "an empty value beside a literal dot makes a . segment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /.{x}", { x: "" }),
    message: ['"/.", with a "." segment'],
  },
  {
    rule: "a host that is only user@ is no host, empty or not",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{u}@/x", { u: "a" }),
    message: ['"https://***@/x" without a host; write a host before any'],
  },
  // Review AD: the scheme, authority and host rules, each row failing on a mutant of them.
  {
    rule: "a {+x} does not stand in a scheme: :c after it is a path parameter",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET a{+b}://h:c/x"),
    message: ['missing parameter "c"'],
  },
  {
    rule: "an unclosed { in a scheme is refused",
    code: "ERR_INVALID_TEMPLATE",
    run: () => endpoint("GET http{s"),
    message: ['unclosed "{"'],
  },
  {
    rule: "a url with no scheme reads :name after an expression",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET a{+x}:b/c"),
    message: ['missing parameter "b"'],
  },
  {
    rule: "an empty authority the url's own text writes is refused where it is given, before its parameters",
    code: "ERR_INVALID_ROUTE",
    // @ts-expect-error the types require y too
    run: () => endpoint("GET https:///:y"),
    message: ['url "https:///:y" names no host after "https://"'],
  },
  {
    rule: "a full url the author wrote without a host is refused: URL parsers would read its first segment as the host",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET https:///x"),
    message: ['url "https:///x" names no host after "https://"; write one, e.g. "https://api.example.com/…"'],
  },
  {
    rule: "an authority the url's own text leaves empty is refused, with a path value after it",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET https:///{x}", { x: "a" }),
    message: ['url "https:///{x}" names no host after "https://"'],
  },
  {
    rule: "a port without a host in the url's own text is refused, on the plain-path reader's urls too",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET https://:8080/repos/{owner}", { owner: "o" }),
    message: ['names no host after "https://"'],
  },
  {
    rule: "a url that starts with {+x} still needs a host: its value writes the scheme, not an empty authority",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {+origin}/x" as string, { origin: "https://" }),
    message: ['leave the url "https:///x" without a host'],
  },
  {
    rule: "an empty authority is refused whoever wrote its parts: {+s}//{h}/z with https: and an empty h",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {+s}//{h}/z" as string, { s: "https:", h: "" }),
    message: ['leave the url "https:///z" without a host'],
  },
  {
    rule: "https:/ is no scheme: a {x} after it is a required path parameter",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET https:/{x}/y"),
    message: ['missing parameter "x"'],
  },
  {
    rule: "an @ after the authority's / is path: the host before it is required",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET https://{h}.example.com/a@b"),
    message: ['missing parameter "h"'],
  },
  {
    rule: "an @ after the authority's ? is query: the host before it is required",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET https://{h}.example.com?a@b"),
    message: ['missing parameter "h"'],
  },
  {
    rule: "an @ after the authority's # is fragment: the host before it is required",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET https://{h}.example.com#a@b"),
    message: ['missing parameter "h"'],
  },
  {
    rule: "an @ right after the authority's / is path (/@user)",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET https://{h}.example.com/@user"),
    message: ['missing parameter "h"'],
  },
  {
    rule: "a : right before the @ is the userinfo's, not a port",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET https://user:@{h}.example.com/x"),
    message: ['missing parameter "h"'],
  },
  {
    rule: "a {/x} in the authority starts the path: a {y} after it is a checked path value",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://a{/x}{y}", { y: ".." }),
    message: ['parameter "y" for "{y}" is ".."'],
  },
  {
    rule: "literal text in the host before an expression does not end the host",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET https://api-{region}.example.com/x"),
    message: ['missing parameter "region"'],
  },
  {
    rule: "the : of user:pass@ is no port",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the types require it too
    run: () => endpoint("GET https://user:pw@{tenant}.example.com/x"),
    message: ['missing parameter "tenant"'],
  },
  {
    rule: "a leading {/x} that writes nothing leaves a full url, checked for a host",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {/x}https://{+h}/y"),
    message: ['"https:///y" without a host'],
  },
  {
    rule: "a leading {#x} that writes nothing leaves a full url, checked for a host",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {#x}https://{+h}/y"),
    message: ['"https:///y" without a host'],
  },
  {
    rule: "a path value after a {?q} in a full url is dot-checked",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://h/a/{?q}{x}", { x: ".." }),
    message: ['"https://h/a/..", with a ".." segment'],
  },
  {
    rule: "an empty {/x} beside a literal dot makes a . segment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a{/x}./b", { x: "" }),
    message: ['"/a/./b", with a "." segment'],
  },
  {
    rule: "an empty value before a literal %2e makes a dot segment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/{x}%2e/b", { x: "" }),
    message: ['"%2e" segment'],
  },
  {
    rule: "an empty value after a literal %2e makes a dot segment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/%2e{x}/b", { x: "" }),
    message: ['"%2e" segment'],
  },
  {
    rule: "an empty value after a literal %2E makes a dot segment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/%2E{x}/b", { x: "" }),
    message: ['"%2E" segment'],
  },
  {
    rule: "the message quotes the expression alone",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/{x}/b", { x: ".." }),
    message: ['for "{x}" is'],
  },
  {
    rule: "an empty host before a port: the url has no host (message)",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{u}@:{p}/x", { u: "me" }),
    message: ["without a host"],
  },
  {
    rule: "an empty host after user@: the url has no host (message)",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{u}@/x"),
    message: ["without a host"],
  },
  {
    rule: "the hint names every variable of a host expression",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{+a,b}/x"),
    message: ["pass { a: …, b: … }"],
  },
  {
    rule: "a .. in the path after a host value of .. is still refused",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://{h}/{+p}", { h: "..", p: "../y" }),
    message: ['"https://../../y", with a ".." segment'],
  },
  {
    rule: "the hint names a {&x} where the host goes, not the userinfo passed before it",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{u}@{&x}/y", { u: "me" }),
    message: ['"https://***@/y" without a host; pass { x: … }'],
  },
  {
    rule: "the hint names the host's variables only, not the userinfo's",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{u}@{h}/y", { u: "me", h: "" }),
    message: ['"https://***@/y" without a host; pass { h: … }'],
  },
  {
    rule: "the hint names no port variable: no value for it writes a host",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{u}@:{p}/x", { u: "me", p: 1 }),
    message: ['"https://***@:1/x" without a host; write a host before any'],
  },
  {
    rule: "a {/x} in the authority starts the path: a simple {b} after it is required",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://api.example.com{/a}{b}" as string, { a: "x" }),
    message: ['missing parameter "b"'],
  },
  {
    rule: "a url that starts with a placeholder requires it",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {owner}/x" as string),
    message: ['missing parameter "owner"'],
  },
  {
    rule: "a scheme holds no _ (RFC 3986): :port after a_:// is a placeholder",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET a_://host:port/y" as string),
    message: ['missing parameter "port"'],
  },
  {
    rule: "a scheme starts with a letter (RFC 3986): :port after _x:// is a placeholder",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET _x://host:port/y" as string),
    message: ['missing parameter "port"'],
  },
  {
    rule: "a space at the very start of a baseUrl",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { baseUrl: " https://ghe.example" }),
    message: ['"baseUrl"', "(U+0020) at index 0"],
  },
  {
    rule: "an empty url option is no url",
    code: "ERR_MISSING_URL",
    run: () => endpoint({ url: "" }),
    message: ["no url given"],
  },
  {
    rule: "parse() of merged options whose url is null: no url",
    code: "ERR_MISSING_URL",
    run: () => endpoint.parse({ url: null } as never),
    message: ["no url given"],
  },
  {
    rule: "plain objects nested 1,001 levels deep on both the defaults and the call (1,000 merge)",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint.defaults({ p: nested(1001) })("POST /x", { p: nested(1001) }),
    message: ["over 1000 levels deep"],
  },
  {
    rule: "an empty header name",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: { "": "v" } }),
    message: ["a header name is empty"],
  },
  {
    rule: "a header list entry that is a string (not read as the pair it spells)",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: ["ab"] as never }),
    message: ['header entry "ab" is not a [name, value] pair'],
  },
  {
    rule: "a header list entry of three",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: [["a", "b", "c"]] as never }),
    message: ['header entry ["a","b","c"] is not a [name, value] pair'],
  },
  {
    rule: "a header entry whose name is not a string",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: [[1, "v"]] as never }),
    message: ["header name 1 must be a string"],
  },
  {
    rule: "a header value list holding an object",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: { x: [{}] as never } }),
    message: ['header "x" has a list holding object'],
  },
  {
    rule: "a header value list with a hole: the hole is undefined, never read from a prototype",
    code: "ERR_INVALID_HEADER",
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case
    run: () => endpoint("GET /x", { headers: { x: [, "a"] as never } }),
    message: ['header "x" has a list holding undefined'],
  },
  {
    rule: "a preview that is only -preview",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { mediaType: { previews: ["-preview"] } }),
    message: ['preview "-preview" has no name'],
  },
  {
    rule: "a preview with a dot, which would read as a format",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { mediaType: { previews: ["a.b"] } }),
    message: ['preview "a.b" has "."'],
  },
  {
    rule: "a format that is not a string",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { mediaType: { format: 5 as never } }),
    message: ["mediaType.format is number"],
  },
  {
    rule: "a route with a third word",
    code: "ERR_INVALID_ROUTE",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /user extra"),
    message: ['"GET /user extra"', "more than two words", '"<METHOD> <url>"'],
  },
  {
    rule: "an empty route",
    code: "ERR_INVALID_ROUTE",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("   "),
    message: ["empty"],
  },
  {
    rule: "a route that is neither a string nor an object",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint(42 as never),
    message: ["number", "route string"],
  },
  {
    rule: "a null route (docs/design.md: not a string or object)",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint(null as never),
    message: ["the route is null", "route string"],
  },
  {
    rule: "a tab between method and url: only spaces separate them",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET\t/user"),
    message: ['"GET\\t/user"', "control character (U+0009) at index 3", "spaces"],
  },
  {
    rule: "a line break inside the url of a route",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET /x\ny"),
    message: ["control character (U+000A) at index 6", "percent-encode"],
  },
  {
    rule: "a C1 control character in a route counts too",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET /x\u0085"),
    message: ["control character (U+0085) at index 6"],
  },
  {
    rule: "a control character in the url option, as in a route string",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET /x", { url: "/x\ty" }),
    message: ['option "url" "/x\\ty" has a control character (U+0009) at index 2; percent-encode it as %09'],
  },
  {
    rule: "a C1 control character in the url option is named with its UTF-8 percent-encoding",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint({ method: "GET", url: "/x\u0085" }),
    message: ["has a control character (U+0085) at index 2; percent-encode it as %C2%85"],
  },
  {
    rule: "options that are not an object",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET /user", "x" as never),
    message: ["the options argument is string"],
  },
  {
    rule: "options in a Map: only a plain object's keys are read, so anything else is refused",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET /x", new Map([["a", 1]]) as never),
    message: ["the options argument is Map", "plain object"],
  },
  {
    rule: "a class instance as the route object",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint(new URL("https://api.github.com/user") as never),
    message: ["the route is URL"],
  },
  {
    rule: "a url that is not a string",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint({ url: 5 as never }),
    message: ['option "url" is number'],
  },
  {
    rule: "an unknown method in the route",
    code: "ERR_INVALID_METHOD",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("FETCH /user"),
    message: ['"FETCH"', "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"],
  },
  {
    rule: "an unknown method in the options",
    code: "ERR_INVALID_METHOD",
    run: () => endpoint({ method: "TRACE", url: "/" }),
    message: ['"TRACE"'],
  },
  {
    rule: "an unknown method in .defaults()",
    code: "ERR_INVALID_METHOD",
    run: () => endpoint.defaults({ method: "CONNECT" }),
    message: ['"CONNECT"'],
  },
  {
    rule: "no url in endpoint()",
    code: "ERR_MISSING_URL",
    run: () => endpoint({ method: "GET" }),
    message: ["no url", '"GET /user"'],
  },
  {
    rule: "no arguments at all",
    code: "ERR_MISSING_URL",
    run: () => (endpoint as unknown as () => unknown)(),
    message: ["no url"],
  },
  {
    rule: "a route with a method but no url",
    code: "ERR_MISSING_URL",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("DELETE"),
    message: ['"DELETE"', "no url", '"DELETE /path"'],
  },
  {
    rule: "a route with a method but no url, in merge() too (merge() needs no url otherwise)",
    code: "ERR_MISSING_URL",
    // @ts-expect-error the route's types reject this too
    run: () => endpoint.merge("GET"),
    message: ['"GET"', "no url", '"GET /path"'],
  },
  {
    rule: "no url in parse()",
    code: "ERR_MISSING_URL",
    run: () => endpoint.parse(endpoint.merge({ per_page: 1 })),
    message: ["no url"],
  },
  {
    rule: "an unclosed { in the url, with its index",
    code: "ERR_INVALID_TEMPLATE",
    run: () => endpoint("GET /repos/{owner/issues"),
    message: ['"/repos/{owner/issues"', "index 7", 'unclosed "{"'],
  },
  {
    rule: "a stray } in the url",
    code: "ERR_INVALID_TEMPLATE",
    run: () => endpoint("GET /repos/owner}"),
    message: ["index 12", 'unexpected "}"'],
  },
  {
    rule: "a reserved operator",
    code: "ERR_INVALID_TEMPLATE",
    run: () => endpoint("GET /x{=y}"),
    message: ['"="', "reserved"],
  },
  {
    rule: "a bad variable name",
    code: "ERR_INVALID_TEMPLATE",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint({ url: "/x/{a b}" }),
    message: ['" "', '"a b"'],
  },
  {
    rule: "a bad prefix modifier",
    code: "ERR_INVALID_TEMPLATE",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /x/{a:0}"),
    message: ['":0"', "1 to 9999"],
  },
  {
    rule: "parseTemplate rejects - in names (strict RFC 6570)",
    code: "ERR_INVALID_TEMPLATE",
    run: () => parseTemplate("/teams/{enterprise-team}"),
    message: ['"-"', '"enterprise-team"'],
  },
  {
    rule: "parseTemplate of a non-string",
    code: "ERR_INVALID_TEMPLATE",
    run: () => parseTemplate(null as never),
    message: ["must be a string"],
  },
  {
    rule: "a missing simple path parameter, named with the route and the fix",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" }),
    message: ['missing parameter "repo" for "GET /repos/{owner}/{repo}"; pass { repo: … }'],
  },
  {
    rule: "every missing parameter is named in one message",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /repos/{owner}/{repo}/issues/{issue_number}", { repo: "r" }),
    message: ['missing parameters "owner", "issue_number"', "pass { owner: …, issue_number: … }"],
  },
  {
    rule: "a null simple path parameter is missing",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /users/{username}", { username: null }),
    message: ['"username"'],
  },
  {
    rule: "an empty list or object as a simple path value is undefined in RFC 6570 (section 2.3): missing",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET /repos/{owner}/{repo}", { owner: [] as never, repo: { a: null } as never }),
    message: ['missing parameters "owner", "repo"'],
  },
  {
    rule: "a placeholder named after an option can never be filled: the message says to rename it",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET /x/{baseUrl}", { baseUrl: "https://h" }),
    message: [
      'missing parameter "baseUrl" for "GET /x/{baseUrl}"; rename the placeholder "baseUrl": options never fill a url',
    ],
  },
  {
    rule: "a placeholder named data can never be filled: data is the body (docs/design.md: only the other keys fill the url)",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("POST /r/{data}", { data: "v" }),
    message: ['missing parameter "data" for "POST /r/{data}"; rename the placeholder "data": options never fill a url'],
  },
  {
    rule: "an option-named placeholder is named with every other missing parameter",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /x/{owner}/{method}"),
    message: ['missing parameters "owner", "method"', 'pass { owner: … }; rename the placeholder "method"'],
  },
  {
    rule: "a parameter the path names twice is named once; {/x}, {+x} and the query's are not required",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /{a}/:b/{a}{/c}/{+d}{?e}"),
    message: ['missing parameters "a", "b" for "GET /{a}/:b/{a}{/c}/{+d}{?e}"; pass { a: …, b: … }'],
  },
  {
    rule: "a missing :name parameter",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /users/:username"),
    message: ['"username"', '"GET /users/:username"'],
  },
  {
    rule: "a url missing 21 parameters names 20 and counts one more",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint({ url: `/${Array.from({ length: 21 }, (_, i) => `{v${i}}`).join("/")}` }),
    message: ['"v19" and 1 more for'],
  },
  {
    rule: "only the path's placeholders are required and named: a {b} in the query is not",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET /x/{a}?q={b}" as string),
    message: ['missing parameter "a" for "GET /x/{a}?q={b}"; pass { a: … }'],
  },
  {
    rule: "a host left empty names only the host's variables, not the query's",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{host}/x?y={a}" as string, { host: "", a: "1" }),
    message: ["without a host; pass { host: … }"],
  },
  {
    rule: "a name that is not an identifier is quoted in the hint",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET /x/{1a}" as string),
    message: ['pass { "1a": … }'],
  },
  {
    rule: "a list of only undefined members is missing, and the message says why",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET /x/{a}", { a: [undefined] as never }),
    message: ['missing parameter "a" for', '"a": RFC 6570 counts an empty list or object as undefined'],
  },
  {
    rule: "a route with a third word and a control character says it has too many words",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET /x y \u0001" as string),
    message: ["more than two words"],
  },
  {
    rule: "a url missing thousands of parameters names the first 20 and counts the rest",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint({ url: `/${Array.from({ length: 5000 }, (_, i) => `{v${i}}`).join("/")}` }),
    message: ['"v19" and 4980 more', "v19: …, …"],
  },
  {
    rule: "a missing parameter with - in its name is quoted in the fix",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /teams/{enterprise-team}"),
    message: ['pass { "enterprise-team": … }'],
  },
  {
    rule: "a path value of .. would climb the path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: ".." }),
    message: ['"repo"', '".."', "climb"],
  },
  {
    rule: "a path value of . would climb the path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /users/:username", { username: "." }),
    message: ['"username"'],
  },
  {
    rule: "a {/x} segment of .. would climb the path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x{/segments*}", { segments: ["a", ".."] }),
    message: ['"segments"'],
  },
  {
    rule: "a {/x*} scalar of .. would climb the path beside another variable as it does alone",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a{/x*,y}", { x: "..", y: "b" }),
    message: ['parameter "x" for "{/x*,y}" is ".."', "would climb the path"],
  },
  {
    rule: "a {+path} value whose .. segments would climb out of the route",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /repos/{owner}/{repo}/contents/{+path}", { owner: "o", repo: "r", path: "../../../user" }),
    message: [
      'the values for "GET /repos/{owner}/{repo}/contents/{+path}" make the url "/repos/o/r/contents/../../../user", with a ".." segment, which URL parsers remove',
      'pass values that form no "." or ".." segment',
    ],
  },
  {
    rule: "a {+path} value of percent-encoded dots, which URL parsers read as dots",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /contents/{+path}", { path: "%2E%2e/x" }),
    message: ['"%2E%2e" segment'],
  },
  {
    rule: 'a {.ext} label after an empty value: /{name}{.format} with "" and "." makes /..',
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/{name}{.format}", { name: "", format: "." }),
    message: ['"/a/.."', '".." segment'],
  },
  {
    rule: "an empty value beside a literal dot makes a . segment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/b/{x}./c", { x: "" }),
    message: ['"/a/b/./c"', '"." segment'],
  },
  {
    rule: "the host placeholder of a full url expanding to nothing: https:///x would go to host x",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{host}/repos/{owner}", { host: "", owner: "o" }),
    message: [
      'the values for "GET https://{host}/repos/{owner}" leave the url "https:///repos/o" without a host; pass { host: … }',
    ],
  },
  {
    rule: "a simple placeholder in an http(s) url's host is required, as in the path, and named with the path's",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types require host too
    run: () => endpoint("GET https://{host}/repos/{owner}"),
    message: ['missing parameters "host", "owner" for "GET https://{host}/repos/{owner}"; pass { host: …, owner: … }'],
  },
  {
    rule: "a simple host placeholder beside literal text is required too: .example.com is no host",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types require tenant too
    run: () => endpoint("GET https://{tenant}.example.com/x", {}),
    message: ['missing parameter "tenant" for "GET https://{tenant}.example.com/x"; pass { tenant: … }'],
  },
  {
    rule: "every variable of a simple host expression is required, a prefix one too, before a port",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types require b and c too
    run: () => endpoint("GET HTTP://{a,b}{c:3}:8080/x", { a: "h" }),
    message: ['missing parameters "b", "c" for "GET HTTP://{a,b}{c:3}:8080/x"; pass { b: …, c: … }'],
  },
  {
    rule: "the authority ends at a {&x}, as the tokenizer reads it: an @ after one does not move the host",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types require h too
    run: () => endpoint("GET https://{h}{&x}@b/y", { x: "1" }),
    // Quoted with what stands before the "@" hidden, as credentials are.
    message: ['missing parameter "h" for "GET https://***@b/y"; pass { h: … }'],
  },
  {
    rule: "the host starts after the authority's last @: a placeholder before it is userinfo",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types require host too
    run: () => endpoint("GET https://{u}@{v}@{host}/x", {}),
    message: ['missing parameter "host" for "GET https://***@{host}/x"; pass { host: … }'],
  },
  {
    rule: "an empty host, or one that only leaves a port",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://user@{host}:8080/x", { host: "" }),
    message: ['"https://***@:8080/x" without a host'],
  },
  {
    rule: "a dot segment written in the url does not let values add more",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /repos/{owner}/{repo}/contents/../{+path}", { owner: "o", repo: "r", path: "../../x" }),
    message: ['"/repos/o/r/contents/../../../x", with a ".." segment'],
  },
  {
    rule: "a {?q} that writes nothing does not make the url's own text of two literal dots beside it",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/.{?q}./{+path}", { path: "x" }),
    message: ['"/a/../x", with a ".." segment'],
  },
  {
    rule: "past another scheme's :// a value is path, joined to the base, and checked as path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET api://{+x}/users", { x: "../../..", baseUrl: "https://ghe.example/api/v3" }),
    message: ['"api://../../../users", with a ".." segment'],
  },
  {
    rule: "past another scheme's :// a {x} of .. is refused as in a path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET a://{x}/b", { x: ".." }),
    message: ['with a ".." segment'],
  },
  {
    rule: "a {+path} value that ends the path cannot trade its own .. for the url's . that it moved out",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/b{+path}/.", { path: "/..#" }),
    message: ['"/a/b/..#/.", with a ".." segment'],
  },
  {
    rule: "a value in a full url's path that goes on after a {#f} that wrote nothing is checked as path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://example.com/b{#f}/{x}", { x: ".." }),
    message: ['"https://example.com/b/..", with a ".." segment'],
  },
  {
    rule: "a value in a full url's path that goes on after a {?q} that wrote nothing is checked as path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://example.com/b{?q}/{x}", { x: ".." }),
    message: ['"https://example.com/b/..", with a ".." segment'],
  },
  {
    rule: "a value in a full url's path that goes on after a {&x} is checked as path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://example.com/b{&q}/{x}", { x: ".." }),
    message: ['"https://example.com/b/..", with a ".." segment'],
  },
  {
    rule: "a {+p} that starts the url may not begin it with a dot segment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET {+p}", { p: "./x" }),
    message: ['"./x", with a "." segment'],
  },
  {
    rule: "a url's own . that a value writing nothing leaves at the url's start is not its own: {y}{y}.",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET {y}{y}.", { y: "" }),
    message: ['make the url ".", with a "." segment'],
  },
  {
    rule: "every variable of a required path expression is read in order: a . before a missing one is refused first",
    code: "ERR_INVALID_PARAMETER",
    // @ts-expect-error the route's types require y too
    run: () => endpoint("GET /a/{x,y}", { x: "." }),
    message: ['parameter "x" for "{x,y}" is "."'],
  },
  {
    rule: "every variable of a required path expression is read in order: a missing one before a . is named",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types require y too
    run: () => endpoint("GET /a/{y,x}", { x: "." }),
    message: ['missing parameter "y"'],
  },
  {
    rule: "a value that writes the // and a host before the url's own :// cannot push the url's host into the path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET http{+s}://example.com/a", { s: "s://evil.com/" }),
    message: [
      'make the url "https://evil.com/://example.com/a", whose host is not where the url puts it: its "//" and host "evil.com" are a value\'s; pass values that write only the scheme',
    ],
  },
  {
    rule: "a url that values leave empty is refused: it would request the baseUrl itself (GET {+next} on the last page)",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {+next}" as string, {}),
    message: ['the values for "GET {+next}" leave the url empty; pass { next: … }'],
  },
  {
    rule: "a url of only a {?q} that writes nothing is empty too",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {?q}" as string, { q: null }),
    message: ["leave the url empty; pass { q: … }"],
  },
  {
    rule: "an empty {/x} between two literal dots does not make the url's own ..",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/.{/x}./{+p}", { p: "b" }),
    message: ['"/a/../b", with a ".." segment'],
  },
  {
    rule: "only members that are all undefined make a list or object missing, and only those are named",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET /{a}/{b}/{c}/{d}", { a: { k: "x" }, b: { k: undefined }, c: ["y"], d: [null] } as never),
    message: ['missing parameters "b", "d" for', '"b", "d": RFC 6570 counts an empty list or object as undefined'],
  },
  {
    rule: "a scalar value is never counted as missing, only the parameter that is",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET /{b}/{a}", { a: 5 } as never),
    message: ['missing parameter "b" for "GET /{b}/{a}"; pass { b: … }'],
  },
  {
    rule: "a url whose scheme a value completes (http{s}://) still needs a host in each full url it expands to",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET http{s}://{host}/meta", { s: "s", host: "" }),
    message: ['"https:///meta" without a host; pass values that write one'],
  },
  {
    rule: "a url that starts with a value has no scheme to read (a scheme starts with a letter): it is path, its {name}s required",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {scheme}://{host}/x" as string),
    message: ['missing parameters "scheme", "host"'],
  },
  {
    rule: "a url that starts with a simple value still needs a host when it expands to an http(s) url",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {scheme}://{host}/x" as string, { scheme: "https", host: "" }),
    message: ['"https:///x" without a host; pass values that write one'],
  },
  {
    rule: "only a url that starts with {+x} is exempt from the host check, not one whose {+x} comes later",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET {s}{+h}/x" as string, { s: "https", h: "://" }),
    message: ['"https:///x" without a host'],
  },
  {
    rule: "a url whose :// a value completes (https:/{/host}) still needs a host",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https:/{/host}/x", { host: "" }),
    message: ['"https:///x" without a host'],
  },
  {
    rule: "path text after a {?q} that writes nothing joins the text before it: two literal dots are not the url's own",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/.{?q}."),
    message: ['"/a/..", with a ".." segment'],
  },
  {
    rule: "a {&x} that writes nothing does not make the url's own text of two literal dots beside it",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/.{&x}."),
    message: ['"/a/..", with a ".." segment'],
  },
  {
    rule: "path text after a {?q} that writes nothing joins an empty value before it into a dot segment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/{x}{?q}..", { x: "" }),
    message: ['"/a/..", with a ".." segment'],
  },
  {
    rule: "a {+x} in an http(s) url's authority can write its path, which is checked as path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://example.com:8080{+x}/users", { x: "/api/../.." }),
    message: ['"https://example.com:8080/api/../../users", with a ".." segment'],
  },
  {
    rule: "a {/x} in an http(s) url's authority starts its path, and a .. there is refused",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://example.com{/x}/users", { x: ".." }),
    message: ['"https://example.com/../users", with a ".." segment'],
  },
  {
    rule: "a {+path} value cannot trade its own .. for a dot segment of the url's that an empty value undid",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/b{+path}/.{/x}c", { path: "/.." }),
    message: ['"/a/b/../.c", with a ".." segment'],
  },
  {
    rule: "a {?query} expression in the path that expands to nothing does not hide the {+path} after it",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a/..{?q}/{+path}", { path: "../x" }),
    message: ['"/a/../../x", with a ".." segment'],
  },
  {
    rule: "a value after a {?query} expression that expands to nothing is still in the path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a{?q}/{x}", { x: ".." }),
    message: ['"/a/..", with a ".." segment'],
  },
  {
    rule: "a value after a {&x} expression in the path is still in the path",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /a{&x}/{y}", { y: ".." }),
    message: ['"/a/..", with a ".." segment'],
  },
  {
    rule: "a {&x} expression after the host is not a host expression: only the host is named",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{host}{&x}/a", { host: "" }),
    message: ['"https:///a" without a host; pass { host: … }'],
  },
  {
    rule: "a {?q}, {#f} or {&x} where the host goes never writes one: the url is checked for a host",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{?q}/x"),
    message: [
      'the values for "GET https://{?q}/x" leave the url "https:///x" without a host; write a host before any {?…}, {#…} or {&…}',
    ],
  },
  {
    rule: "a {#f} where the host goes, with a value: a fragment is not a host",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET https://{#f}/x", { f: "h" }),
    message: ['"https://#h/x" without a host'],
  },
  {
    rule: "a {&x} where the host goes, expanding to nothing",
    code: "ERR_MISSING_PARAMETER",
    // @ts-expect-error the route's types require x too: without it the url has no host
    run: () => endpoint("GET http://{&x}"),
    message: ['"http://" without a host'],
  },
  {
    rule: "a host named twice is named once",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET http://{h}{h}/x", { h: "" }),
    message: ['"http:///x" without a host; pass { h: … }'],
  },
  {
    rule: "a baseUrl with a fragment",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint.defaults({ baseUrl: "https://ghe.example/api#v3" }),
    message: ['has "#" at index 23'],
  },
  {
    rule: ".defaults() of a malformed url template, as endpoint() and merge() refuse it",
    code: "ERR_INVALID_TEMPLATE",
    run: () => endpoint.defaults({ url: "/x/{y" }),
    message: ['unclosed "{"'],
  },
  {
    rule: "parse() of nothing: no url (docs/design.md)",
    code: "ERR_MISSING_URL",
    run: () => endpoint.parse(null as never),
    message: ["parse()'s argument is null, not a plain object"],
  },
  {
    rule: "data on GET: docs/design.md gives a body only to PATCH, POST, PUT and DELETE",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { data: "abc" }),
    message: ['option "data" is a body', "GET requests have none", "POST, PUT, PATCH or DELETE"],
  },
  {
    rule: "data on HEAD, even from .defaults(): the message says how to drop it",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint.defaults({ data: { a: 1 } })("HEAD /x"),
    message: ['option "data"', "HEAD requests have none", "data: null"],
  },
  {
    rule: "data on OPTIONS, which has no body either",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("OPTIONS /x", { data: "abc" }),
    message: ["OPTIONS requests have none"],
  },
  {
    rule: "a plain object as a query value points to {?name*}",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { filter: { a: 1 } }),
    message: ['query parameter "filter" is object', "{?filter*}"],
  },
  {
    rule: "a class instance as a query value",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { filter: new Map() }),
    message: ['"filter" is Map'],
  },
  {
    rule: "an object inside a query array",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { labels: ["a", { b: 1 }] }),
    message: ['"labels" holds object in its list; list only strings, numbers, booleans or Dates'],
  },
  {
    rule: "an invalid Date as a query value",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { since: new Date(Number.NaN) }),
    message: ['query parameter "since" is an invalid Date, which has no query form; pass a valid Date'],
  },
  {
    rule: "an invalid Date from another realm as a path value",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x/{day}", { day: runInNewContext("new Date(NaN)") as Date }),
    message: ['parameter "day" for "{day}" is an invalid Date; pass a valid Date (this one\'s getTime() is NaN)'],
  },
  {
    rule: "an object that only has Date's prototype (getTime would throw a TypeError)",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { since: Object.create(Date.prototype) as Date }),
    message: ['"since" is not a real Date, which has no query form'],
  },
  {
    rule: "an object that only has the prototype of another realm's Date",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { since: runInNewContext("Object.create(Date.prototype)") as Date }),
    message: ['"since" is not a real Date, which has no query form'],
  },
  {
    rule: "a class of the caller's that is merely named Date is not a real Date",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { since: new { Date: class {} }.Date() as never }),
    message: ['"since" is not a real Date, which has no query form'],
  },
  {
    rule: "a method that only has Date's prototype (quoting it would throw in String())",
    code: "ERR_INVALID_METHOD",
    run: () => endpoint({ method: Object.create(Date.prototype) as string, url: "/x" }),
    message: ["unknown method [object Object]"],
  },
  {
    rule: "a list holding a list in a url: the message names the member, not the parameter",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x/{ids}", { ids: [["1"]] as never }),
    message: ['parameter "ids" for "{ids}" holds array as a member; give only strings, numbers, booleans or Dates'],
  },
  {
    rule: "an empty list for a required path parameter: the message says why it counts as missing",
    code: "ERR_MISSING_PARAMETER",
    run: () => endpoint("GET /x/{ids}", { ids: [] as never }),
    message: ['missing parameter "ids"', '"ids": RFC 6570 counts an empty list or object as undefined'],
  },
  {
    rule: "a no-break space (pasted from a web page) between method and url",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET\u00a0/user" as never),
    message: ["U+00A0 separates the method from the url; use plain spaces only"],
  },
  {
    rule: "two no-break spaces between method and url",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET\u00a0\u00a0/user" as never),
    message: ["U+00A0 separates the method from the url; use plain spaces only"],
  },
  {
    rule: "a no-break space at the end of a route's url",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET /user\u00a0" as never),
    message: ["it holds U+00A0 at index 9; remove it, or percent-encode it as %C2%A0"],
  },
  {
    rule: "a line separator (U+2028) between method and url",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET\u2028/user" as never),
    message: ["U+2028 separates the method from the url; use plain spaces only"],
  },
  {
    rule: "a zero-width space at the end of a route's url",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("GET /user\u200b" as never),
    message: ["it holds U+200B at index 9; remove it, or percent-encode it as %E2%80%8B"],
  },
  {
    rule: "an ideographic space inside a bare url",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint("/search/issues?q=a\u3000b" as never),
    message: ["it holds U+3000 at index 18; remove it, or percent-encode it as %E3%80%80"],
  },
  {
    rule: "a method whose letters are not ASCII, though it upper-cases to one (poſt → POST)",
    code: "ERR_INVALID_METHOD",
    run: () => endpoint({ method: "poſt", url: "/x" }),
    message: ['unknown method "poſt"'],
  },
  {
    rule: "options for .defaults() that are not a plain object",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint.defaults(42 as never),
    message: [".defaults()'s argument is number, not a plain object"],
  },
  {
    rule: "parse() of a route string: it takes merged options, not a route",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint.parse("GET /user" as never),
    message: ["parse()'s argument is string, not a plain object", "pass the merged options endpoint.merge() returns"],
  },
  {
    rule: "parse() of something that is not merged options",
    code: "ERR_INVALID_ROUTE",
    run: () => endpoint.parse(new Map([["url", "/x"]]) as never),
    message: ["parse()'s argument is Map, not a plain object"],
  },
  {
    rule: "parse() of merged options whose mediaType has the wrong type, as endpoint() refuses it",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint.parse({ ...endpoint.merge("GET /x"), mediaType: "raw" as never }),
    message: ['option "mediaType" is string'],
  },
  {
    rule: "merge() of a malformed template, as endpoint() refuses it",
    code: "ERR_INVALID_TEMPLATE",
    run: () => endpoint.merge("GET /x/{y"),
    message: ['unclosed "{"'],
  },
  {
    rule: "a plain object whose toStringTag says Date",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { since: { [Symbol.toStringTag]: "Date" } }),
    message: ['"since" is object, which has no query form'],
  },
  {
    rule: "a function as a url value",
    code: "ERR_INVALID_PARAMETER",
    // @ts-expect-error the route's types reject this too (issue 5)
    run: () => endpoint("GET /users/{username}", { username: () => "x" }),
    message: ['"username"', "function"],
  },
  {
    rule: "a prefix modifier on a list (RFC 6570 section 2.4.1)",
    code: "ERR_INVALID_PARAMETER",
    run: () => parseTemplate("{list:3}").expand({ list: ["a"] }),
    message: ['"list"', '":3"'],
  },
  {
    rule: "a value that leaves a url without its own // cannot make its path text the host: https:/{x}/a with x empty",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https:/{x}/a", { x: "" }),
    message: [
      'the values for "GET https:/{x}/a" make the url "https://a", whose host is not where the url puts it: its "//" is a value\'s, and its host "a" the url\'s own path; pass values that write the host',
    ],
  },
  {
    rule: "a scheme from a value and an empty host value cannot make the path text the host: {s}:/{h}/z",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET {s}:/{h}/z" as string, { s: "https", h: "" }),
    message: ['make the url "https://z"', 'its host "z" the url\'s own path'],
  },
  {
    rule: "a {+x} that writes the scheme's :/ cannot make the path text the host: http{+x}/y",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET http{+x}/y", { x: "s:/" }),
    message: ['make the url "https://y"', 'its host "y" the url\'s own path'],
  },
  {
    rule: "a value may not write @ into an authority the url writes: it would move the host (https://example.com:{+p}/a)",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://example.com:{+p}/a", { p: "1@evil.com" }),
    message: [
      'the values for "GET https://example.com:{+p}/a" make the url "https://***@evil.com/a", whose host is not where the url puts it: a value wrote "@" into its authority; pass values without "@", "/", "?" or "#" there',
    ],
  },
  {
    rule: "a value may not end an authority before the url's own text there: https://{+h}.example.com/x with evil.com#",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET https://{+h}.example.com/x", { h: "evil.com#" }),
    message: ['make the url "https://evil.com#.example.com/x"', 'a value wrote "#" into its authority;'],
  },
  {
    rule: "a non-string baseUrl",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { baseUrl: 1 as never }),
    message: ['"baseUrl" is number'],
  },
  {
    rule: "a baseUrl with a line break (it is joined to the url as it is)",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint.defaults({ baseUrl: "https://x\r\nHost: evil" }),
    message: ['"baseUrl"', "control character (U+000D) at index 9"],
  },
  {
    rule: "a baseUrl with a Unicode space (refused as in a route string)",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /user", { baseUrl: "https://ghe.example/api/v3\u00a0" }),
    message: ['"baseUrl"', "(U+00A0) at index 26", "percent-encode it or remove it"],
  },
  {
    rule: "a baseUrl with a query or fragment (the path would be joined inside it)",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /user", { baseUrl: "https://ghe.example/api/v3?token=x" }),
    message: [
      '"baseUrl" "https://ghe.example/api/v3?token=x" has "?" at index 26',
      "end it before any query or fragment",
    ],
  },
  {
    rule: "plain objects nested 1,000 levels deep on both the defaults and the call (or cyclic)",
    code: "ERR_INVALID_PARAMETER",
    run: () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      return endpoint.defaults({ config: cyclic })("POST /x", { config: cyclic });
    },
    message: ["1000 levels", "cyclic"],
  },
  {
    rule: "a mediaType that is not an object",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { mediaType: "raw" as never }),
    message: ['"mediaType" is string'],
  },
  {
    rule: "previews that are not an array",
    code: "ERR_INVALID_PARAMETER",
    run: () => endpoint("GET /x", { mediaType: { previews: "mercy" as never } }),
    message: ["mediaType.previews is string"],
  },
  {
    rule: "a header name that is not an RFC 9110 token",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: { "bad name": "v" } }),
    message: ['"bad name"', "index 3"],
  },
  {
    rule: "a header value with CR",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: { "x-a": "v\r\nx-injected: 1" } }),
    message: ['"x-a"', "CR"],
  },
  {
    rule: "a header value with LF",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: { "x-a": "v\nx" } }),
    message: ['header "x-a" has a LF at index 1 of its value'],
  },
  {
    rule: "a header value with NUL",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint.defaults({ headers: { "x-a": "v\0" } }),
    message: ['header "x-a" has a NUL at index 1 of its value'],
  },
  {
    rule: "a header value that is an object",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: { "x-a": { a: 1 } as never } }),
    message: ['"x-a" is object', "pass a string, number, boolean, bigint, or a list of strings and numbers"],
  },
  {
    rule: "headers that are neither an object nor a Headers instance",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { headers: "accept: x" as never }),
    message: ['option "headers" is string'],
  },
  {
    rule: "a bad header in hand-written merged options given to parse()",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint.parse({ ...endpoint.merge("GET /x"), headers: { "x-a": "a\nb" } }),
    message: ['"x-a"'],
  },
  {
    rule: "a preview name that would break the accept header",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { mediaType: { previews: ["a,b"] } }),
    message: ['"a,b"', "use letters, digits"],
  },
  {
    rule: "a format that would break the accept header",
    code: "ERR_INVALID_HEADER",
    run: () => endpoint("GET /x", { mediaType: { format: "raw\r\n" } }),
    message: ["mediaType.format"],
  },
];

/** Where a baseUrl can be given: each is checked where it is given, not later in a client. */
const baseUrlGivenTo: [string, (baseUrl: string) => unknown][] = [
  ["the call", (baseUrl) => endpoint("GET /user", { baseUrl })],
  [".defaults()", (baseUrl) => endpoint.defaults({ baseUrl })],
  [".merge()", (baseUrl) => endpoint.merge("GET /user", { baseUrl })],
  [".parse()", (baseUrl) => endpoint.parse({ ...endpoint.merge("GET /user"), baseUrl })],
  ["a call with a full url, which ignores it", (baseUrl) => endpoint("GET https://api.github.com/user", { baseUrl })],
];

describe("baseUrl is an absolute http(s) url with a host, refused where it is given", () => {
  it.each<[string, string, string]>([
    [
      "a missing scheme, with an example built from the value",
      "github.acme-inc.com/api/v3",
      'option "baseUrl" "github.acme-inc.com/api/v3" is not an absolute http(s) url; write its scheme and host, e.g. "https://github.acme-inc.com/api/v3"',
    ],
    [
      "another scheme (ftp:)",
      "ftp://x/y",
      'option "baseUrl" "ftp://x/y" is not an absolute http(s) url; write its scheme and host, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "a scheme without its colon",
      "https//ghe.com",
      'option "baseUrl" "https//ghe.com" is not an absolute http(s) url; write its scheme and host, e.g. "https://ghe.com"',
    ],
    [
      "a misspelt scheme, with an example built from the host and path after it",
      "htps://ghe.example/api/v3",
      'option "baseUrl" "htps://ghe.example/api/v3" is not an absolute http(s) url; write its scheme and host, e.g. "https://ghe.example/api/v3"',
    ],
    [
      "a host with a port and no scheme: no example built from it",
      "ghe.example:8443/api/v3",
      'option "baseUrl" "ghe.example:8443/api/v3" is not an absolute http(s) url; write its scheme and host, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "an empty string",
      "",
      'option "baseUrl" "" is not an absolute http(s) url; write its scheme and host, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "javascript:",
      "javascript:alert(1)",
      'option "baseUrl" "javascript:alert(1)" is not an absolute http(s) url; write its scheme and host, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "a path alone",
      "/api/v3",
      'option "baseUrl" "/api/v3" is not an absolute http(s) url; write its scheme and host, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "a scheme alone, without slashes",
      "https:",
      'option "baseUrl" "https:" is not an absolute http(s) url; write its scheme and host, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "https:// and no host",
      "https://",
      'option "baseUrl" "https://" names no host after "https://"; write one, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "http:// and no host",
      "http://",
      'option "baseUrl" "http://" names no host after "http://"; write one, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "a third slash where the host goes (URL parsers would take the first segment as the host)",
      "https:///api",
      'option "baseUrl" "https:///api" names no host after "https://"; write one, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "a port without a host",
      "https://:8443/api",
      'option "baseUrl" "https://:8443/api" names no host after "https://"; write one, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "credentials without a host",
      "https://user@/api",
      'option "baseUrl" "https://***@/api" names no host after "https://"; write one, e.g. "https://github.example.com/api/v3"',
    ],
    [
      "credentials before the host (fetch() refuses such a url)",
      "https://user:secret@ghe.example.com/api",
      'option "baseUrl" "https://***@ghe.example.com/api" has credentials, which fetch() refuses; send them in a header, e.g. headers: { authorization: "Basic …" }',
    ],
    [
      "a port out of range",
      "https://ghe.example.com:99999/api",
      'option "baseUrl" "https://ghe.example.com:99999/api" is not a url that URL parsers read (check its host and port); write e.g. "https://github.example.com/api/v3"',
    ],
    [
      "a backslash, which URL parsers read as a slash",
      "https://ghe.example.com\\@evil.com/api",
      'option "baseUrl" "https://ghe.example.com\\\\@evil.com/api" has "\\" at index 23; write "/" between path segments',
    ],
  ])("%s: %j", (_, baseUrl, message) => {
    for (const [where, give] of baseUrlGivenTo) {
      expect(endpointErrorFrom(() => give(baseUrl), "ERR_INVALID_PARAMETER", where).message, where).toBe(message);
    }
  });

  it('an empty host can no longer let a value become it: baseUrl "https://" with owner "evil.com"', () => {
    expect(() => endpoint("GET /{owner}/x", { baseUrl: "https://", owner: "evil.com" })).toThrow(
      'option "baseUrl" "https://" names no host',
    );
  });

  it.each(["https://ghe.example.com/api/v3", "HTTP://localhost:8080", "https://[::1]:8443/api/", "https://h/x@y"])(
    "%s is taken",
    (baseUrl) => {
      for (const [where, give] of baseUrlGivenTo) expect(give(baseUrl), where).toBeDefined();
    },
  );
});

/** Where rest takes a baseUrl: the same places as endpoint. */
const restBaseUrlGivenTo: [string, (baseUrl: unknown) => unknown][] = [
  // Each value reaches rest as a caller without types passes it.
  ["the call", (baseUrl) => rest("GET /user", { baseUrl } as never)],
  [".defaults()", (baseUrl) => rest.defaults({ baseUrl } as never)],
  [".merge()", (baseUrl) => rest.merge("GET /user", { baseUrl } as never)],
  [".parse()", (baseUrl) => rest.parse({ ...rest.merge("GET https://api.example.com/user"), baseUrl } as never)],
];

describe("rest's baseUrl messages suggest a neutral url: rest has none of GitHub's conventions", () => {
  it.each<[string, unknown, string]>([
    [
      "an empty string",
      "",
      'option "baseUrl" "" is not an absolute http(s) url; write its scheme and host, e.g. "https://api.example.com"',
    ],
    [
      "another scheme (ftp:)",
      "ftp://x/y",
      'option "baseUrl" "ftp://x/y" is not an absolute http(s) url; write its scheme and host, e.g. "https://api.example.com"',
    ],
    [
      "https:// and no host",
      "https://",
      'option "baseUrl" "https://" names no host after "https://"; write one, e.g. "https://api.example.com"',
    ],
    [
      "a port out of range",
      "https://api.example.com:99999/v1",
      'option "baseUrl" "https://api.example.com:99999/v1" is not a url that URL parsers read (check its host and port); write e.g. "https://api.example.com"',
    ],
    [
      "a missing scheme keeps the example built from the value",
      "api.acme-inc.com/v1",
      'option "baseUrl" "api.acme-inc.com/v1" is not an absolute http(s) url; write its scheme and host, e.g. "https://api.acme-inc.com/v1"',
    ],
    ["a number", 3000, 'option "baseUrl" is number; pass a string such as "https://api.example.com"'],
  ])("%s: %j", (_, baseUrl, message) => {
    for (const [where, give] of restBaseUrlGivenTo) {
      if (where === ".parse()" && baseUrl === "") continue; // merged options of rest may hold "": none set yet.
      expect(endpointErrorFrom(() => give(baseUrl), "ERR_INVALID_PARAMETER", where).message, where).toBe(message);
    }
  });

  it("endpoint's keep a GitHub Enterprise Server url", () => {
    expect(
      endpointErrorFrom(() => endpoint("GET /user", { baseUrl: 3000 } as never), "ERR_INVALID_PARAMETER").message,
    ).toBe('option "baseUrl" is number; pass a string such as "https://github.example.com/api/v3"');
  });

  it.each([
    { name: "endpoint", fn: endpoint, example: "https://github.example.com/api/v3" },
    { name: "rest", fn: rest, example: "https://api.example.com" },
  ])("$name.defaults() of something else than options suggests { baseUrl: $example }", ({ fn, example }) => {
    expect(endpointErrorFrom(() => fn.defaults(42 as never), "ERR_INVALID_ROUTE").message).toBe(
      `.defaults()'s argument is number, not a plain object; pass e.g. { baseUrl: "${example}" }`,
    );
  });

  it("the adapters, which serve both, suggest a neutral url", () => {
    expect(
      endpointErrorFrom(() => toFetch({ method: "get", url: 42, headers: {} } as never), "ERR_INVALID_ROUTE").message,
    ).toBe('request option "url" is number; pass a string such as "https://api.example.com/user"');
  });
});

describe("EndpointError", () => {
  it.each(cases)("$code: $rule", ({ code, run, message }) => {
    const endpointError = endpointErrorFrom(run, code);
    expect(endpointError).toBeInstanceOf(TypeError);
    expect(endpointError.name).toBe("EndpointError");
    for (const part of message) {
      if (typeof part === "string") expect(endpointError.message).toContain(part);
      else expect(endpointError.message).toMatch(part);
    }
  });

  it("covers all seven codes", () => {
    expect(new Set(cases.map(({ code }) => code))).toStrictEqual(
      new Set([
        "ERR_INVALID_ROUTE",
        "ERR_INVALID_METHOD",
        "ERR_MISSING_URL",
        "ERR_INVALID_TEMPLATE",
        "ERR_MISSING_PARAMETER",
        "ERR_INVALID_PARAMETER",
        "ERR_INVALID_HEADER",
      ]),
    );
  });

  it("shortens huge inputs in messages", () => {
    const huge = `GET /${"a".repeat(100_000)} extra`;
    expect(() => endpoint(huge)).toThrow(EndpointError);
    try {
      endpoint(huge);
    } catch (error) {
      expect((error as Error).message.length).toBeLessThan(400);
    }
  });
});

/** A password no message may show, and the userinfo that holds it. */
const SECRET = "s3cr3t-t0ken";
const USERINFO = `me:${SECRET}@`;
const hand = (url: string, method = "get") => ({ method, url, headers: {} }) as RequestOptions;
const loose = endpoint as unknown as {
  (route: unknown, options?: unknown): unknown;
  defaults(options: unknown): unknown;
  merge(route: unknown, options?: unknown): Record<string, unknown>;
  parse(options: unknown): unknown;
};

/** Every input that reaches a message as a url, given credentials: the message names it with `***` for them. */
const credentialCases: readonly { input: string; run: () => unknown; code: EndpointErrorCode }[] = [
  ...baseUrlGivenTo.map(([where, give]) => ({
    input: `a baseUrl given to ${where}`,
    run: () => give(`https://${USERINFO}ghe.example.com/api`),
    code: "ERR_INVALID_PARAMETER" as const,
  })),
  ...(
    [
      ["with a control character", `https://${USERINFO}ghe.example.com\n`],
      ["with a query", `https://${USERINFO}ghe.example.com/?a`],
      ["without a scheme", `${USERINFO}ghe.example.com/api`],
      ["with a backslash in its userinfo", `https://me\\${USERINFO}ghe.example.com/api`],
    ] as const
  ).map(([what, baseUrl]) => ({
    input: `a baseUrl ${what}`,
    run: () => endpoint("GET /user", { baseUrl }),
    code: "ERR_INVALID_PARAMETER" as const,
  })),
  {
    input: "rest's baseUrl",
    run: () => rest("GET /user", { baseUrl: `http://${USERINFO}localhost:3000` }),
    code: "ERR_INVALID_PARAMETER",
  },
  {
    input: "a url option missing a parameter",
    run: () => loose({ url: `https://${USERINFO}ghe.example.com/{x}` }),
    code: "ERR_MISSING_PARAMETER",
  },
  {
    input: "a route missing a parameter",
    run: () => loose(`GET https://${USERINFO}ghe.example.com/{x}`),
    code: "ERR_MISSING_PARAMETER",
  },
  {
    input: "a route with a third word",
    run: () => loose(`GET https://${USERINFO}ghe.example.com/x y`),
    code: "ERR_INVALID_ROUTE",
  },
  {
    input: "a route string whose template is malformed, in .merge()",
    run: () => loose.merge(`GET https://${USERINFO}ghe.example.com/{x`),
    code: "ERR_INVALID_TEMPLATE",
  },
  {
    input: "a template for parseTemplate",
    run: () => parseTemplate(`https://${USERINFO}ghe.example.com/ {x}`),
    code: "ERR_INVALID_TEMPLATE",
  },
  {
    input: "a parameter value expanded into the url",
    run: () => loose("GET /x/{+p}", { p: `https://${USERINFO}ghe.example.com/../..` }),
    code: "ERR_INVALID_PARAMETER",
  },
  {
    input: "a parameter value that moves the host",
    run: () => loose("GET https://ghe.example.com:{+p}/x", { p: `1@${USERINFO}evil.example` }),
    code: "ERR_INVALID_PARAMETER",
  },
  {
    input: "a method",
    run: () => loose("GET /x", { method: `https://${USERINFO}ghe.example.com` }),
    code: "ERR_INVALID_METHOD",
  },
  {
    input: "a header name",
    run: () => loose("GET /x", { headers: { [`https://${USERINFO}ghe.example.com`]: "1" } }),
    code: "ERR_INVALID_HEADER",
  },
  {
    input: "a Link header's next url, with credentials",
    run: () => nextPage(hand("https://ghe.example.com/x"), `<https://${USERINFO}ghe.example.com/x?page=2>; rel="next"`),
    code: "ERR_INVALID_HEADER",
  },
  {
    input: "a Link header's next url, not http(s)",
    run: () => nextPage(hand("https://ghe.example.com/x"), `<ftp://${USERINFO}ghe.example.com/x>; rel="next"`),
    code: "ERR_INVALID_HEADER",
  },
  {
    input: "nextPage's request options without a full url",
    run: () => nextPage(hand(`ftp://${USERINFO}ghe.example.com/x`), '<https://ghe.example.com/x>; rel="next"'),
    code: "ERR_INVALID_ROUTE",
  },
  ...(["toNodeRequest", "toCurl"] as const).map((adapter) => ({
    input: `${adapter}'s url check`,
    run: () => ({ toNodeRequest, toCurl })[adapter](hand(`ftp://${USERINFO}ghe.example.com/x`)),
    code: "ERR_INVALID_ROUTE" as const,
  })),
  {
    input: "toFetch's method check",
    run: () => toFetch(hand("https://ghe.example.com/x", `https://${USERINFO}ghe.example.com`)),
    code: "ERR_INVALID_METHOD",
  },
];

describe("no message shows the credentials of a url (they are shown as ***)", () => {
  it.each(credentialCases)("$input: $code", ({ run, code }) => {
    const { message } = endpointErrorFrom(run, code);
    expect(message).not.toContain(SECRET);
    expect(message).toContain("***@");
  });

  it("hides a url's userinfo wherever it stands in any quoted text, at any length", () => {
    // Text that cannot end an authority ("/", "\", "?", "#"), so the secret stands in one.
    const inAuthority = fc.string({ unit: fc.constantFrom(..."ab:@%. -_~!$'ü😀\t\n") });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.constantFrom("https://", "http://", "HTTPS://", "git+ssh://", "https:\\\\", "https:"),
        inAuthority,
        inAuthority,
        fc.string({ maxLength: 40 }),
        (before, scheme, user, more, after) => {
          fc.pre(!`${before}${after}`.includes(SECRET));
          const text = `${before} ${scheme}${user}:${SECRET}${more}@host.example/${after}`;
          for (const quoted of [quote(text), quote({ url: text }), quote([text])]) {
            expect(quoted).not.toContain(SECRET);
            // Nothing of the secret shows either: not even its start before a cut.
            expect(quoted).not.toContain(SECRET.slice(0, 4));
          }
        },
      ),
      fuzz(300, 40),
    );
  });

  // Eight times the input may take at most 32 times as long (test/hostile.test.ts says why).
  it.each<[string, (n: number) => () => unknown]>([
    ["one authority of a: repeated", (n) => call(quote, `a${"a:".repeat(n / 2)}`)],
    ["a: and / repeated, an authority every 3 characters", (n) => call(quote, "a:/".repeat(n / 3))],
    ["https:// then @ repeated", (n) => call(quote, `https://${"@".repeat(n)}`)],
    ["https://a@ repeated", (n) => call(quote, "https://a@".repeat(n / 10))],
    [
      "a list of strings of a: repeated",
      (n) =>
        call(
          quote,
          Array.from({ length: 8 }, () => "a:".repeat(n / 16)),
        ),
    ],
  ])("hiding them in 1 MB of %s takes linear time", (_, work) => {
    expect(confirmedGrowth(work, (1 << 20) / 8, 8, 32)).toBeLessThan(32);
  });

  it("keeps text without credentials as it was: ports, paths, :name and an @ after the authority", () => {
    for (const text of [
      "https://ghe.example.com:8443/api/v3",
      "GET /repos/:owner/:repo",
      "https://h.example/users/@me",
      "repo:octokit/rest.js@v1",
      "https://ghe.example.com\\@evil.com/api",
    ]) {
      expect(quote(text)).toBe(JSON.stringify(text).replaceAll("\\\\", "\\\\"));
    }
  });
});
