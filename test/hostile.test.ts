// Hostile input, beyond test/safety.test.ts: megabyte strings and tens of thousands of items cost linear time,
// JSON-born __proto__/constructor/prototype keys never reach a prototype at any depth or level, properties
// inherited from a polluted Object.prototype are never read, and CR/LF/NUL never reach a header or the url
// (a baseUrl with a space or control character is rejected).
import { readdirSync, readFileSync } from "node:fs";
import { Readable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EndpointError, endpoint, parseTemplate, toCurl, toFetch, toNodeRequest } from "../src/index.js";
import { fuzz } from "./helpers/fuzz.js";

type Options = Record<string, unknown>;
type Loose = {
  (
    route: unknown,
    options?: unknown,
  ): { url: string; headers: Record<string, unknown>; body?: unknown; request?: unknown };
  defaults(options: unknown): Loose;
  merge(route?: unknown, options?: unknown): Options;
  parse(options: unknown): ReturnType<Loose>;
};
const loose = endpoint as unknown as Loose;

/** Runs `work`; an EndpointError is a fine answer, anything else fails. Returns the elapsed milliseconds. */
function elapsed(work: () => unknown): number {
  const start = performance.now();
  try {
    work();
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
  }
  return performance.now() - start;
}

const MB = 1 << 20;
const n = 100_000;
const many = (count: number, name: (i: number) => string): Options =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [name(i), "v"]));
const vars = many(20_000, (i) => `v${i}`);
const varPath = `/${Object.keys(vars)
  .map((name) => `{${name}}`)
  .join("/")}`;
const previews = Array.from({ length: 20_000 }, (_, i) => `p${i}`);
/** A host made of one expression per name in `vars`. */
const hostOfAll = Object.keys(vars)
  .map((name) => `{${name}}`)
  .join("");

// One second is generous: each input is 20,000 items or 100,000+ characters, which a quadratic algorithm
// turns into 10^8 to 10^12 steps. No ratio between sizes is asserted: timing ratios flake on a shared machine.
const linear: [string, () => unknown][] = [
  // A message shows 120 characters: it never walks the rest of the input.
  [
    "the message for a method that is a list of 2^32 - 1 holes",
    () => loose("GET /x", { method: new Array(2 ** 32 - 1) }),
  ],
  [
    "the message for a method that is a typed array of 10 MB",
    () => loose("GET /x", { method: new Uint8Array(10 * MB) }),
  ],
  [
    "the message for a method that is a list of 20 MB strings",
    () => loose("GET /x", { method: new Array(121).fill("s".repeat(20 * MB)) }),
  ],
  [
    "a 1 MB accept header full of -preview, with a format and previews",
    () =>
      endpoint("GET /x", {
        headers: { accept: "application/vnd.github.v3-preview".repeat(MB / 32) },
        mediaType: { previews: ["x"], format: "raw" },
      }),
  ],
  [
    "a 1 MB accept header of commas, with a format",
    () => loose("GET /x", { headers: { accept: ",".repeat(MB) }, mediaType: { format: "raw" } }),
  ],
  [
    "an accept header of application/vnd and 100,000 .a segments, with a format",
    () =>
      loose("GET /x", { headers: { accept: `application/vnd${".a".repeat(n)}+json` }, mediaType: { format: "raw" } }),
  ],
  ["a 1 MB header value", () => loose("GET /x", { headers: { "x-a": "v".repeat(MB) } })],
  [
    "a 1 MB header value ending in CR (rejected, message shortened)",
    () => loose("GET /x", { headers: { "x-a": `${"v".repeat(MB)}\r` } }),
  ],
  ["a 1 MB header name", () => loose("GET /x", { headers: { ["a".repeat(MB)]: "v" } })],
  [
    "a 1 MB header name ending in a space (rejected)",
    () => loose("GET /x", { headers: { [`${"a".repeat(MB)} `]: "v" } }),
  ],
  [
    "20,000 headers in one call and 20,000 in .defaults()",
    () => loose.defaults({ headers: vars })("GET /x", { headers: vars }),
  ],
  ["20,000 query parameters", () => loose("GET /x", vars)],
  ["20,000 body parameters over 20,000 defaults", () => loose.defaults(vars)("POST /x", vars)],
  ["a path of 20,000 distinct {vN}", () => loose(`GET ${varPath}`, vars)],
  ["a path of 20,000 distinct :vN", () => loose(`GET ${varPath.replace(/\{(\w+)\}/g, ":$1")}`, vars)],
  ["20,000 missing path parameters, named in one message", () => loose(`GET ${varPath}`)],
  ["100,000 spaces between method and url", () => loose(`GET${" ".repeat(n)}/x`)],
  ["a route of 100,000 words", () => loose("a ".repeat(n))],
  ["a q of +a repeated 100,000 times", () => loose("GET /search/issues", { q: "+a".repeat(n) })],
  ["a 1 MB query key", () => loose("GET /x", { ["k".repeat(MB)]: "v" })],
  ["a 1 MB path value needing encoding", () => loose("GET /x/{a}", { a: "é".repeat(MB) })],
  ["{a:9999} on 1 MB of astral characters", () => parseTemplate("{a:9999}").expand({ a: "😀".repeat(MB / 2) })],
  ["a url of % repeated", () => loose(`GET /${"%".repeat(n)}`)],
  ["a url of %41 repeated", () => loose(`GET /${"%41".repeat(n)}`)],
  ["a url of ?:a repeated", () => loose(`GET /?${":a".repeat(n)}`)],
  ["a url of } repeated", () => loose(`GET /${"}".repeat(n)}`)],
  ["a url of {a repeated", () => loose(`GET /${"{a".repeat(n)}`)],
  ["one expression naming 100,000 variables", () => parseTemplate(`{${"a,".repeat(n)}a}`).expand({ a: 1 })],
  ["a variable name of 100,000 dotted parts", () => parseTemplate(`{${"a.".repeat(n)}a}`).expand({})],
  ["{?list*} with 100,000 items", () => loose("GET /x{?list*}", { list: Array.from({ length: n }, (_, i) => i) })],
  ["a 1 MB baseUrl", () => loose("GET /x", { baseUrl: `${"h".repeat(MB)}/` })],
];
const bigVars = many(100_000, (i) => `v${i}`);
/** Found quadratic by these tests (issue4 #5, #9) and made linear: previews and parameters over defaults. */
const onceQuadratic: [string, () => unknown][] = [
  ["20,000 distinct previews", () => loose("GET /x", { mediaType: { previews } })],
  [
    "20,000 previews in .defaults() and again in the call",
    () => loose.defaults({ mediaType: { previews } })("GET /x", { mediaType: { previews } }),
  ],
  [
    "an accept header naming 20,000 previews, and 20,000 previews",
    () =>
      loose("GET /x", {
        headers: { accept: previews.map((p) => `application/vnd.github.${p}-preview+json`).join(",") },
        mediaType: { previews, format: "raw" },
      }),
  ],
  // The url's own dot segments were counted by one walk per segment: 40,000 took 52 s.
  ["a url of 100,000 ./ segments before a {+path}", () => loose(`GET /${"./".repeat(n)}{+p}`, { p: "a" })],
  ["a host of 20,000 distinct expressions, left empty", () => loose(`GET https://${hostOfAll}/x`)],
];

/** 40 small values, each holding the one below twice: 2^40 paths, which a walk of every path never finishes. */
function shared<T>(leaf: T, wrap: (inner: T) => T): T {
  let value = leaf;
  for (let i = 0; i < 40; i++) value = wrap(value);
  return value;
}
const sharedObject = (): Options => shared<Options>({ leaf: 1 }, (inner) => ({ x: inner, y: inner }));
const sharedList = shared<unknown>("x", (inner) => [inner, inner]);
/** Found exponential (review M) and made linear: deep merges and error messages walked every path. */
const onceExponential: [string, () => unknown][] = [
  [
    "merging a parameter whose parts are shared",
    () => loose.defaults({ a: sharedObject() })("POST /x", { a: sharedObject() }),
  ],
  [
    "a .defaults() over a .defaults() of such a parameter",
    () => loose.defaults({ a: sharedObject() }).defaults({ a: sharedObject() }),
  ],
  [
    "a request option whose parts are shared",
    () => loose.defaults({ request: sharedObject() })("GET /x", { request: sharedObject() }),
  ],
  [
    "a mediaType key whose parts are shared",
    () => loose.defaults({ mediaType: { k: sharedObject() } })("GET /x", { mediaType: { k: sharedObject() } }),
  ],
  ["the message for such a method", () => loose("GET /x", { method: sharedList })],
  // Numbers and empty strings write few characters each: the cut must still come as soon.
  ["the message for such a method of numbers", () => loose("GET /x", { method: shared<unknown>(1, (i) => [i, i]) })],
  [
    "the message for such a method of empty strings",
    () => loose("GET /x", { method: shared<unknown>("", (i) => [i, i]) }),
  ],
  ["the message for such a header entry", () => loose("GET /x", { headers: [[sharedList, "v", "w"]] })],
  ["the message for such a header name", () => loose("GET /x", { headers: [[sharedList, "v"]] })],
  ["the message for such a preview", () => loose("GET /x", { mediaType: { previews: [sharedList] } })],
  [
    "the message for such a method in toFetch",
    () => toFetch({ method: sharedList as never, url: "https://h/x", headers: {} }),
  ],
];

describe("hostile sizes cost linear time (one second is generous)", () => {
  it.each(onceExponential)("%s", (_, work) => {
    expect(elapsed(work)).toBeLessThan(1000);
  });

  it.each(linear)("%s", (_, work) => {
    expect(elapsed(work)).toBeLessThan(1000);
  });

  // These took 3 s (20,000 previews), 1.5 s (40,000 parameters over defaults) and 52 s (40,000 ./) before the fix.
  it.each(onceQuadratic)("%s", (_, work) => {
    expect(elapsed(work)).toBeLessThan(1000);
  });
  it("100,000 body and query parameters over 100,000 defaults", () => {
    expect(elapsed(() => loose.defaults(bigVars)("POST /x", bigVars))).toBeLessThan(1000);
    expect(elapsed(() => loose.defaults(bigVars)("GET /x", bigVars))).toBeLessThan(1000);
  });

  it("objects nested 100,000 deep merged across levels: an EndpointError or a result, never a RangeError", () => {
    let deep: Options = {};
    const root = deep;
    for (let i = 0; i < n; i++) {
      deep.a = {};
      deep = deep.a as Options;
    }
    expect(elapsed(() => loose.defaults({ a: root })("POST /x", { a: root }))).toBeLessThan(1000);
  });
});

describe("error messages stay short whatever the input (review M)", () => {
  const messageOf = (work: () => unknown): string => {
    try {
      work();
    } catch (error) {
      if (error instanceof EndpointError) return error.message;
      throw error;
    }
    throw new Error("no error");
  };
  it.each<[string, () => unknown, string]>([
    [
      "20,000 host variables left empty: 20 named, then …",
      () => loose(`GET https://${hostOfAll}/x`),
      "v18: …, v19: …, … }",
    ],
    [
      "a missing name of 100,000 letters: cut",
      () => loose(`GET /x/{${"a".repeat(n)}}`),
      `pass { "${"a".repeat(120)}…": … }`,
    ],
  ])("%s", (_, work, end) => {
    const message = messageOf(work);
    expect(message.length).toBeLessThan(1000);
    expect(message.endsWith(end)).toBe(true);
  });
});

// ---- Prototype pollution through JSON.parse'd input -------------------------------------------------------

const KEYS = ["__proto__", "constructor", "prototype"] as const;
/** Where a payload goes, as JSON text around `PAYLOAD`. Defaults levels and the call may both hold it. */
const PLACES: Record<string, string> = {
  options: "PAYLOAD",
  headers: '{"headers": PAYLOAD}',
  mediaType: '{"mediaType": PAYLOAD}',
  "mediaType.previews (a member)": '{"mediaType": {"previews": [PAYLOAD]}}',
  request: '{"request": PAYLOAD}',
  "request, nested": '{"request": {"agent": {"options": PAYLOAD}}}',
  "parameter, nested three deep": '{"config": {"a": {"b": PAYLOAD}}}',
  data: '{"data": PAYLOAD}',
};
/** The payload: the key set to an object that would pollute, and the key set to a constructor.prototype chain. */
const payloads = (key: string): string[] => [
  `{"${key}": {"polluted": "yes", "previews": ["evil"], "format": "raw", "authorization": "evil"}}`,
  `{"${key}": {"prototype": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}}`,
];

const pollutionCases = Object.entries(PLACES).flatMap(([place, shape]) =>
  KEYS.flatMap((key) =>
    payloads(key).flatMap((payload, variant) =>
      (["call", "defaults", "defaults and call"] as const).map((level) => ({
        place,
        key,
        variant,
        level,
        json: shape.replace("PAYLOAD", payload),
      })),
    ),
  ),
);

function isClean(): boolean {
  const probe: Options = {};
  return (
    probe.polluted === undefined &&
    !("polluted" in Object.prototype) &&
    !("previews" in Object.prototype) &&
    !("authorization" in Object.prototype) &&
    Object.getPrototypeOf(Object.prototype) === null
  );
}

describe("__proto__, constructor and prototype keys never reach a prototype, at any depth or level", () => {
  it.each(pollutionCases)("$key ($variant) in $place, given to $level", ({ json, level, place }) => {
    const parsed = (): Options => JSON.parse(json) as Options;
    const results: unknown[] = [];
    for (const method of ["GET", "POST", "PATCH"]) {
      const route = `${method} /x`;
      try {
        if (level === "call") results.push(loose(route, parsed()), loose.merge(route, parsed()));
        else if (level === "defaults")
          results.push(loose.defaults(parsed())(route), loose.defaults(parsed()).merge(route));
        else results.push(loose.defaults(parsed()).defaults(parsed())(route, parsed()));
      } catch (error) {
        // Some payloads are invalid (a header that is an object, a preview that is an object): rejected, fine.
        expect(error).toBeInstanceOf(EndpointError);
      }
    }
    expect(isClean()).toBe(true);
    for (const result of results as Options[]) {
      expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
      expect(Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
      // Nothing from the payload amends accept or adds a header unless it was an own, valid header.
      if (!place.startsWith("headers")) {
        expect((result.headers as Options).authorization).toBeUndefined();
      }
      if (!place.startsWith("mediaType")) {
        expect((result.headers as Options).accept).toBe("application/vnd.github.v3+json");
      }
    }
  });

  it("a __proto__ parameter merged from defaults and call stays data, merged, in the body", () => {
    const fn = loose.defaults(JSON.parse('{"config": {"__proto__": {"a": 1}}}'));
    const result = fn("POST /x", JSON.parse('{"config": {"__proto__": {"b": 2}}}'));
    const config = (result.body as Options).config as Options;
    expect(Object.getPrototypeOf(config)).toBe(Object.prototype);
    expect(JSON.stringify(config)).toBe('{"__proto__":{"a":1,"b":2}}');
    expect(isClean()).toBe(true);
  });

  it("a __proto__ header a .defaults() level set is copied as an own, writable header, and the call can remove it", () => {
    const listed = loose.defaults({ headers: JSON.parse('{"__proto__": ["x"]}') })("GET /x");
    const descriptor = Object.getOwnPropertyDescriptor(listed.headers, "__proto__");
    expect(descriptor?.value).toStrictEqual(["x"]);
    expect(descriptor?.writable).toBe(true);
    const removed = loose.defaults({ headers: JSON.parse('{"__proto__": "a"}') })("GET /x", {
      headers: JSON.parse('{"__proto__": null}'),
    });
    expect(Object.hasOwn(removed.headers, "__proto__")).toBe(false);
    const pairs = loose("GET /x", {
      headers: [
        ["__proto__", "a"],
        ["__proto__", null],
      ],
    });
    expect(Object.hasOwn(pairs.headers, "__proto__")).toBe(false);
  });

  it("a header named __proto__ (array pairs, Headers) is an own header, not a prototype", () => {
    for (const headers of [[["__proto__", "x"]], new Headers([["__proto__", "x"]]), JSON.parse('{"__proto__": "x"}')]) {
      const result = loose("GET /x", { headers });
      expect(Object.getPrototypeOf(result.headers)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(result.headers, "__proto__")?.value).toBe("x");
    }
  });
});

// ---- Properties inherited from a polluted Object.prototype ----------------------------------------------

/**
 * Calls made before and while Object.prototype carries enumerable properties named like options and
 * like every field the library reads. `tag` makes each run's routes new to the caches, so the reads of
 * a first compilation are covered too.
 */
const inheritedCalls: [string, (tag: string) => unknown][] = [
  [
    "a GET with path and query",
    (tag) => loose(`GET /repos/{owner}/{repo}/issues${tag}`, { owner: "o", repo: "r", per_page: 2 }),
  ],
  [
    "a POST with a JSON body",
    (tag) => loose(`POST /repos/{owner}/{repo}/issues${tag}`, { owner: "o", repo: "r", title: "t" }),
  ],
  ["a PUT without a body", (tag) => loose(`PUT /user/starred/{owner}/{repo}${tag}`, { owner: "o", repo: "r" })],
  ["a bare url (no method)", (tag) => loose(`/user/starred/{owner}${tag}`, { owner: "o" })],
  ["a bare url merged", (tag) => loose.merge(`/user${tag}`)],
  ["merge without a route", () => loose.merge()],
  ["merge of options without a url", () => loose.merge({ method: "GET", per_page: 1 })],
  ["defaults of an empty object", (tag) => loose.defaults({})(`GET /x${tag}`)],
  ["a missing path parameter", (tag) => loose(`GET /repos/{owner}/{repo}${tag}`, { repo: "r" })],
  [
    "a defaults chain",
    (tag) => loose.defaults({ headers: { a: "1" } }).defaults({ per_page: 1 })(`GET /x${tag}`, { q: "a" }),
  ],
  ["merge then parse", (tag) => loose.parse(loose.merge(`GET /x${tag}/{owner}`, { owner: "o" }))],
  ["previews and a format", (tag) => loose(`GET /x${tag}`, { mediaType: { previews: ["a"], format: "raw" } })],
  [
    "a format with accept removed",
    (tag) => loose(`GET /x${tag}`, { headers: { accept: null }, mediaType: { format: "raw" } }),
  ],
  ["an object url", (tag) => loose({ url: `/x${tag}`, method: "POST", a: 1 })],
  // Merged onto the defaults only when they hold the key: an inherited `filter` is not theirs.
  ["a nested parameter in a JSON body", (tag) => loose(`POST /x${tag}`, { filter: { a: 1 } })],
  ["a url reading a default", (tag) => loose.defaults({ owner: "o" })(`GET /x${tag}/{owner}{?per_page}`)],
  ["parseTemplate", (tag) => parseTemplate(`/x${tag}{/a*}{?b,c}{#d}`).expand({ a: ["1", "2"], b: { k: "v" }, c: 3 })],
  // The adapters read request options, which may be made by hand: no body, header or `request` is inherited.
  ["toFetch of a GET", (tag) => toFetch(endpoint("GET /x{/tag}", { tag }))],
  ["toFetch of a JSON POST", (tag) => toFetch(endpoint("POST /x{/tag}", { tag, a: 1 }))],
  ["toFetch of a text body", (tag) => toFetch({ method: "post", url: `https://h/${tag}`, headers: {}, body: "t" })],
  ["toNodeRequest of a GET", (tag) => toNodeRequest(endpoint("GET /x{/tag}", { tag }))],
  ["toNodeRequest of a PUT", (tag) => toNodeRequest(endpoint("PUT /x{/tag}", { tag }))],
  [
    "toNodeRequest of a form body",
    (tag) => toNodeRequest({ method: "post", url: `https://h/${tag}`, headers: {}, body: new URLSearchParams("a=1") }),
  ],
  [
    "toNodeRequest of a Date body",
    (tag) => toNodeRequest({ method: "post", url: `https://h/${tag}`, headers: {}, body: new Date(0) }),
  ],
  [
    "toNodeRequest of a stream",
    (tag) => toNodeRequest({ method: "post", url: `https://h/${tag}`, headers: {}, body: Readable.from([]) }),
  ],
  ["toCurl of a GET", (tag) => toCurl(endpoint("GET /x{/tag}", { tag }))],
  ["toCurl of an empty POST", (tag) => toCurl({ method: "post", url: `https://h/${tag}`, headers: {} })],
  ["toCurl of a JSON POST", (tag) => toCurl(endpoint("POST /x{/tag}", { tag, a: 1 }))],
  // A hole in a list is undefined: an index is never read through the prototype.
  // biome-ignore lint/suspicious/noSparseArray: the hole is the case
  ["a query list with a hole", (tag) => loose(`GET /x${tag}`, { labels: [, "a"] })],
  // biome-ignore lint/suspicious/noSparseArray: the hole is the case
  ["a required url list of holes only", (tag) => loose(`GET /x${tag}/{a}/{b}`, { a: [, ,], b: [] })],
  // biome-ignore lint/suspicious/noSparseArray: the hole is the case
  ["a url list with a hole", (tag) => parseTemplate(`/x${tag}{/l*}{?m}`).expand({ l: [, "b"], m: ["c", , "d"] })],
  // biome-ignore lint/suspicious/noSparseArray: the hole is the case
  ["header entries with a hole", (tag) => loose(`GET /x${tag}`, { headers: [["x-a", "1"], , ["x-b", "2"]] })],
  // biome-ignore lint/suspicious/noSparseArray: the hole is the case
  ["a header entry with a hole", (tag) => loose(`GET /x${tag}`, { headers: [[, "1"]] })],
  // biome-ignore lint/suspicious/noSparseArray: the hole is the case
  ["a header list with a hole", (tag) => loose(`GET /x${tag}`, { headers: { "x-a": ["1", , "2"] } })],
  // biome-ignore lint/suspicious/noSparseArray: the hole is the case
  ["previews with a hole", (tag) => loose(`GET /x${tag}`, { mediaType: { previews: ["a", , "b"] } })],
];
const INHERITED: Options = {
  owner: "evil",
  repo: "evil",
  url: "/evil",
  method: "DELETE",
  baseUrl: "https://evil.example",
  headers: { authorization: "evil" },
  mediaType: { previews: ["evil"], format: "evil" },
  data: "evil",
  request: { evil: true, agent: "evil", dispatcher: "evil", rejectUnauthorized: false },
  accept: "evil",
  "content-type": "evil",
  "user-agent": "evil",
  previews: ["evil"],
  format: "evil",
  q: "evil",
  per_page: 666,
  filter: { polluted: "yes" },
  // Read by the adapters with brackets, which sourceFieldNames() does not see.
  body: "evil",
  "transfer-encoding": "chunked",
  "content-length": "5",
  expect: "100-continue",
  "keep-alive": "evil",
  upgrade: "evil",
  agent: "evil",
  dispatcher: "evil",
  rejectUnauthorized: false,
  pipe: () => "evil",
  // What a hole in a list would read.
  0: "evil",
  1: "evil",
  2: "evil",
};

/**
 * Every `.name` the library's source reads that no built-in prototype defines: the fields of its own
 * objects (`compiled`, `inPath`, `operator`…), each polluted too.
 */
function sourceFieldNames(): string[] {
  const builtIns = [Object, Object.prototype, String.prototype, Array.prototype, Function.prototype, Map.prototype]
    .concat([Set.prototype, Number.prototype, Date.prototype, Error.prototype, Uint8Array.prototype, RegExp.prototype])
    .concat([Promise.prototype, Symbol.prototype, Math, JSON, Number, String, Array, Date, Symbol]);
  const names = new Set<string>();
  const dir = new URL("../src/", import.meta.url);
  for (const file of readdirSync(dir)) {
    if (!file.endsWith(".ts") || file === "github.ts" || file.endsWith(".d.ts")) continue;
    const text = readFileSync(new URL(file, dir), "utf8");
    let at = text.indexOf(".");
    while (at !== -1) {
      let end = at + 1;
      while (end < text.length && /[\w$]/.test(text.charAt(end))) end++;
      const name = text.slice(at + 1, end);
      if (/^[A-Za-z_$]/.test(name) && !builtIns.some((object) => name in object)) names.add(name);
      at = text.indexOf(".", end);
    }
  }
  // Not read from the library's objects, and polluting them would break the test itself.
  for (const name of ["then", "toJSON", "test", "ts", "js", "mjs", "cjs"]) names.delete(name);
  return [...names].filter((name) => !Object.hasOwn(INHERITED, name));
}

/** The outcome as JSON, or the error's code and message, with the run's tag taken out. */
function outcomeOf(work: (tag: string) => unknown, tag: string): unknown {
  let text: string;
  try {
    text = JSON.stringify(work(tag));
  } catch (error) {
    if (!(error instanceof EndpointError)) return error;
    text = JSON.stringify(`${error.code}: ${error.message}`);
  }
  return JSON.parse(text.replaceAll(tag, "<tag>"));
}

/** What each polluted name is set to: values of every kind, so no read can pass as a valid option. */
const POLLUTION_KINDS: [string, (name: string) => unknown][] = [
  ["strings named like options and fields", (name) => INHERITED[name] ?? "evil"],
  ["the number 1", () => 1],
  ["an empty object", () => ({})],
  ["a list", () => ["x"]],
  ["a malformed template", () => "/a/{b"],
];

describe("properties inherited from a polluted Object.prototype are never read", () => {
  it.each(POLLUTION_KINDS)(
    "gives the same results with every name polluted (enumerable) with %s, on first compilation too",
    (kind, valueFor) => {
      const fields = sourceFieldNames();
      expect(fields).toEqual(expect.arrayContaining(["compiled", "inPath", "operator", "variables", "maxEntries"]));
      const tag = kind.replaceAll(" ", "-");
      const before = inheritedCalls.map(([, work]) => outcomeOf(work, `-before-${tag}`));
      const names = [...fields, ...Object.keys(INHERITED)];
      let during: unknown[];
      try {
        for (const name of names) {
          const value = valueFor(name);
          Object.defineProperty(Object.prototype, name, {
            value,
            enumerable: true,
            configurable: true,
            writable: true,
          });
        }
        during = inheritedCalls.map(([, work]) => outcomeOf(work, `-during-${tag}`));
      } finally {
        for (const name of names) delete (Object.prototype as Options)[name];
      }
      inheritedCalls.forEach(([label], index) => {
        expect({ label, outcome: during[index] }).toStrictEqual({ label, outcome: before[index] });
      });
    },
  );

  it("reads no operator from a one-character name polluted on Object.prototype, whatever an expression starts with", () => {
    const characters = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_%"];
    const work = (tag: string) => ({
      template: parseTemplate(`/x${tag}{var}{x,y}{_z}{%41}{Q:2}`).expand({
        var: "v",
        x: "1",
        y: 2,
        _z: "z",
        "%41": "A",
        Q: "qq",
      }),
      url: loose(`GET /repos/{owner}/{repo}${tag}/:id`, { owner: "o", repo: "r", id: 1 }).url,
    });
    const before = outcomeOf(work, "-before");
    let during: unknown;
    try {
      for (const key of characters) {
        const value = { first: "evil", separator: "evil", named: true, ifEmpty: "evil", encode: () => "evil" };
        Object.defineProperty(Object.prototype, key, { value, enumerable: true, configurable: true, writable: true });
      }
      during = outcomeOf(work, "-during");
    } finally {
      for (const key of characters) delete (Object.prototype as Options)[key];
    }
    expect(during).toStrictEqual(before);
  });
});

// ---- CR, LF and NUL ------------------------------------------------------------------------------------

const breaker = fc.constantFrom("\r", "\n", "\0", "\r\n");
const around = fc.string({ unit: fc.constantFrom(..."abc -:;,"), maxLength: 6 });
const withBreak = fc.tuple(around, breaker, around).map(([before, bad, after]) => before + bad + after);

function expectHeaderError(work: () => unknown): void {
  let caught: unknown;
  try {
    work();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(EndpointError);
  expect((caught as EndpointError).code).toBe("ERR_INVALID_HEADER");
}

describe("CR, LF and NUL never reach a header", () => {
  it("in a header value, at any position, at any level and in any form: ERR_INVALID_HEADER naming the header", () => {
    fc.assert(
      fc.property(withBreak, fc.nat({ max: 5 }), (value, form) => {
        const headers = [{ "X-Note": value }, [["x-note", value]], { "x-note": ["ok", value] }][form % 3];
        if (form < 3) expectHeaderError(() => loose("GET /x", { headers }));
        else if (form === 3) expectHeaderError(() => loose.defaults({ headers }));
        else if (form === 4)
          expectHeaderError(() => loose.parse({ ...loose.merge("GET /x"), headers: { "x-note": value } }));
        else expectHeaderError(() => loose.defaults({}).defaults({ headers })("POST /x"));
      }),
      fuzz(300, 21),
    );
  });

  it("in a header name: ERR_INVALID_HEADER", () => {
    fc.assert(
      fc.property(withBreak, fc.boolean(), (name, inDefaults) => {
        const headers = { [name]: "v" };
        expectHeaderError(() => (inDefaults ? loose.defaults({ headers }) : loose("GET /x", { headers })));
      }),
      fuzz(300, 22),
    );
  });

  it("in a preview name or a format: ERR_INVALID_HEADER (they go into accept)", () => {
    fc.assert(
      fc.property(withBreak, fc.boolean(), (text, asFormat) => {
        const mediaType = asFormat ? { format: text } : { previews: [text] };
        expectHeaderError(() => loose("GET /x", { mediaType }));
      }),
      fuzz(300, 23),
    );
  });

  it("no successful call returns a header value holding CR, LF or NUL, whatever the headers given", () => {
    const anyText = fc.string({
      unit: fc.oneof(breaker, fc.string({ unit: "binary", minLength: 1, maxLength: 1 })),
      maxLength: 8,
    });
    fc.assert(
      fc.property(fc.dictionary(anyText, fc.oneof(anyText, fc.array(anyText, { maxLength: 2 }))), (headers) => {
        let result: ReturnType<Loose>;
        try {
          result = loose("GET /x", { headers });
        } catch (error) {
          expect(error).toBeInstanceOf(EndpointError);
          return;
        }
        const texts = Object.entries(result.headers).flatMap(([name, value]) => [name, ...[value].flat().map(String)]);
        for (const text of texts) expect(text).not.toMatch(/[\r\n\0]/);
      }),
      fuzz(500, 24),
    );
  });

  it("in a baseUrl (with a space or any control character): ERR_INVALID_PARAMETER, in a call, .defaults() or parse()", () => {
    const control = fc.oneof(breaker, fc.constantFrom(" ", "\t", "\x7f", "\x1b"));
    const base = fc
      .tuple(around, control, around)
      .map(([before, bad, after]) => `https://ghe.example${before}${bad}${after}/api/v3`);
    fc.assert(
      fc.property(base, fc.nat({ max: 2 }), (baseUrl, where) => {
        let caught: unknown;
        try {
          if (where === 0) loose("GET /x", { baseUrl });
          else if (where === 1) loose.defaults({ baseUrl })("GET /x");
          else loose.parse({ ...loose.merge("GET /x"), baseUrl });
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(EndpointError);
        expect((caught as EndpointError).code).toBe("ERR_INVALID_PARAMETER");
      }),
      fuzz(300, 26),
    );
  });

  it("the url never holds a raw CR, LF, NUL or space, whatever the baseUrl, path, url literal and query", () => {
    const anyText = fc.string({
      unit: fc.oneof(breaker, fc.constant(" "), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })),
      maxLength: 8,
    });
    const template = fc.constantFrom("/x/{a}", "/x/{+a}", "/x{/a}{?b}", "/x/:a", "/x{#a}", "/x/{a}?lit=1");
    fc.assert(
      fc.property(template, anyText, anyText, anyText, anyText, (url, a, b, literal, base) => {
        let result: ReturnType<Loose>;
        try {
          result = loose({
            url: `${url}${literal.replace(/[{}]/g, "")}`,
            baseUrl: `https://x${base}`,
            a,
            b,
            c: literal,
          });
        } catch (error) {
          expect(error).toBeInstanceOf(EndpointError);
          return;
        }
        expect(result.url).not.toMatch(/[\r\n\0 ]/);
      }),
      fuzz(500, 25),
    );
  });
});
