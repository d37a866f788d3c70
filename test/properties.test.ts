// Properties that hold for every input, checked on generated ones (fast-check, seeded: see helpers/fuzz.ts).
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { parseTemplate as urlTemplate } from "url-template";
import { describe, expect, it } from "vitest";
import { type CompiledUrl, compileAnyUrl, expandUrl, pathUrl } from "../src/core/url.js";
import { EndpointError, endpoint, parseTemplate } from "../src/index.js";
import { deepFreeze } from "./helpers/frozen.js";
import { fuzz, TIMEOUT } from "./helpers/fuzz.js";
import { settle } from "./helpers/thrown.js";

type Options = Record<string, unknown>;
type Loose = {
  (route: unknown, options?: unknown): { headers: Record<string, unknown>; url: string };
  defaults(options: unknown): Loose;
  merge(route: unknown, options?: unknown): Options & { mediaType: { previews: string[] } };
  parse(options: unknown): unknown;
};
const loose = endpoint as unknown as Loose;

function sameOutcome(a: unknown, b: unknown): void {
  if (a instanceof EndpointError || b instanceof EndpointError) {
    expect(a).toBeInstanceOf(EndpointError);
    expect(b).toBeInstanceOf(EndpointError);
    expect((a as EndpointError).code).toBe((b as EndpointError).code);
    expect((a as EndpointError).message).toBe((b as EndpointError).message);
  } else {
    expect(a).toStrictEqual(b);
  }
}

/** A deep copy that keeps prototypes (null ones included), for comparing input before and after. */
function clone<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (ArrayBuffer.isView(value)) return (value as unknown as Uint8Array).slice() as T;
  if (Array.isArray(value)) return value.map(clone) as T;
  const copy = Object.create(Object.getPrototypeOf(value)) as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key) as PropertyDescriptor;
    if ("value" in descriptor) descriptor.value = clone(descriptor.value);
    Object.defineProperty(copy, key, descriptor);
  }
  return copy as T;
}

/** Deep equality that keeps prototypes, descriptors and invalid dates apart (node's treats NaN dates as unequal). */
function sameDeep(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime());
  if (ArrayBuffer.isView(a)) return String(a) === String(b);
  const keys = Reflect.ownKeys(a);
  if (keys.length !== Reflect.ownKeys(b).length) return false;
  return keys.every((key) => {
    const left = Object.getOwnPropertyDescriptor(a, key) as PropertyDescriptor;
    const right = Object.getOwnPropertyDescriptor(b, key);
    if (right === undefined) return false;
    return "value" in left ? sameDeep(left.value, right.value) : left.get === right.get;
  });
}

// ---- Generators ------------------------------------------------------------------------------------

const char = fc.oneof(
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
  fc.constantFrom(..."{}:/?#[]@!$&'()*+,;=% .-_~", "-preview"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);
const text = fc.string({ unit: char, maxLength: 10 });
const name = fc.constantFrom("owner", "repo", "q", "per_page", "data", "a", "Ab", "x-y", "__proto__", "constructor");
const METHODS = ["GET", "get", "HEAD", "POST", "put", "PATCH", "DELETE", "OPTIONS", "FETCH", ""];
const url = fc.oneof(
  fc.constantFrom(
    "/repos/{owner}/{repo}",
    "/repos/:owner/:repo/issues",
    "/search/issues{?q,per_page}",
    "https://uploads.github.com/x{?name,label}",
    "/x{/list*}{?a,b}{&rest*}{#frag}",
    "repos/{+path}",
    "/{x:3}",
  ),
  text,
);
/** Values no caller should pass, each a fresh instance per test file: all must be answered or rejected cleanly. */
function exotic(): unknown[] {
  return [
    Symbol("s"),
    () => "function",
    10n,
    Number.NaN,
    new Date(Number.NaN),
    new Map([["a", 1]]),
    new Set(["a"]),
    new Uint8Array([1]),
    Object.create(null),
    new (class Thing {})(),
    new Proxy({ a: 1 }, {}),
    new String("boxed"),
    /regexp/,
    new Error("value"),
  ];
}
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined));
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 2 }) },
  { weight: 1, arbitrary: fc.date() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(...exotic()) },
);
const headers = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom("Accept", "User-Agent", "content-type", "X-A", "x-a"), text), value, {
    maxKeys: 3,
  }),
  fc.constant(null),
  fc.array(fc.tuple(text, text), { maxLength: 2 }),
);
const mediaType = fc.record(
  {
    format: fc.oneof(fc.constantFrom("raw", "diff", "text+json", ""), text),
    previews: fc.oneof(
      fc.array(
        fc.oneof(
          fc.constantFrom("mercy", "mercy-preview", "a", "a-preview", "a-preview-preview", "-preview-preview"),
          text,
        ),
      ),
      value,
    ),
  },
  { requiredKeys: [] },
);
/** Options with every option key possible, each with plausible and implausible values. */
const options: fc.Arbitrary<Options> = fc
  .tuple(
    fc.record(
      {
        method: fc.oneof(fc.constantFrom(...METHODS), value),
        url: fc.oneof(url, value),
        baseUrl: fc.oneof(fc.constantFrom("https://ghe.example.com/api/v3/", "", "http://x"), value),
        headers,
        mediaType: fc.oneof(mediaType, value),
        request: fc.oneof(fc.record({ timeout: fc.nat() }), value),
        data: fc.oneof(value, fc.uint8Array({ maxLength: 2 })),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(name, value, { maxKeys: 4 }),
  )
  .map(([known, parameters]) => ({ ...parameters, ...known }));
const route = fc.oneof(
  fc.tuple(fc.constantFrom(...METHODS), url).map(([method, path]) => (method === "" ? path : `${method} ${path}`)),
  fc.constant(undefined),
  text,
);
/** A call: `.defaults()` levels (any of which may be invalid), a route, options. */
const call = fc.record({
  levels: fc.array(options, { maxLength: 2 }),
  route,
  options: fc.option(options, { nil: undefined }),
});

function withLevels(levels: Options[]): Loose {
  return levels.reduce((fn: Loose, level) => fn.defaults(level), loose);
}

// ---- Properties --------------------------------------------------------------------------------------

describe("endpoint(x) deep-equals endpoint.parse(endpoint.merge(x))", () => {
  it(
    "for any route, options and defaults (errors included: same code, same message)",
    () => {
      fc.assert(
        fc.property(call, ({ levels, route, options }) => {
          const fn = settle(() => withLevels(levels));
          if (fn instanceof EndpointError) return;
          const direct = settle(() => fn(route, options));
          const merged = settle(() => fn.merge(route, options));
          const twoSteps = merged instanceof EndpointError ? merged : settle(() => fn.parse(merged));
          sameOutcome(direct, twoSteps);
        }),
        fuzz(300, 1),
      );
    },
    TIMEOUT,
  );
});

describe("deep-frozen input", () => {
  it(
    "never throws a TypeError from mutation and is unchanged afterwards",
    () => {
      fc.assert(
        fc.property(call, ({ levels, route, options }) => {
          const snapshot = clone({ levels, options });
          deepFreeze(levels);
          deepFreeze(options);
          const fn = settle(() => withLevels(levels));
          if (!(fn instanceof EndpointError)) {
            settle(() => fn(route, options));
            const merged = settle(() => fn.merge(route, options));
            if (!(merged instanceof EndpointError)) settle(() => fn.parse(deepFreeze(merged)));
          }
          expect(sameDeep({ levels, options }, snapshot)).toBe(true);
        }),
        fuzz(300, 2),
      );
    },
    TIMEOUT,
  );
});

/** Values of every shape JavaScript has: prototypes, boxed values, maps, typed arrays, symbols' absence aside. */
const anything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withTypedArray: true,
  withSparseArray: true,
  withUnicodeString: true,
  key: fc.oneof(fc.string(), fc.constantFrom("url", "method", "headers", "mediaType", "__proto__", "constructor")),
});

class Getter extends Error {}

describe("only EndpointError is ever thrown, for any generated input", () => {
  it(
    "whatever the route and options: random values, objects, prototypes",
    () => {
      fc.assert(
        fc.property(
          fc.oneof(anything, route),
          fc.oneof(anything, options),
          fc.oneof(anything, options),
          (first, second, level) => {
            const fn = settle(() => loose.defaults(level));
            settle(() => loose(first, second));
            settle(() => loose.merge(first, second));
            settle(() => loose.parse(first));
            if (!(fn instanceof EndpointError)) settle(() => fn(first, second));
          },
        ),
        fuzz(400, 3),
      );
    },
    TIMEOUT,
  );

  it(
    "a getter that throws propagates its own error, never a different one",
    () => {
      const where = fc.constantFrom("options", "headers", "mediaType", "request", "parameter", "defaults");
      fc.assert(
        fc.property(where, options, (place, base) => {
          const trap = Object.defineProperty({}, "x", {
            enumerable: true,
            get() {
              throw new Getter("getter");
            },
          });
          const input: Options = { ...base, url: "/x" };
          if (place === "options" || place === "defaults") {
            Object.defineProperty(input, "owner", { enumerable: true, get: () => (trap as Options).x });
          } else if (place === "parameter") {
            input.config = trap;
          } else {
            input[place] = trap;
          }
          for (const work of [
            () => (place === "defaults" ? loose.defaults(input)("POST /x") : loose("POST /x", input)),
            () => loose.merge("GET /x", input),
          ]) {
            try {
              work();
            } catch (error) {
              expect(error instanceof EndpointError || error instanceof Getter).toBe(true);
            }
          }
        }),
        fuzz(200, 4),
      );
    },
    TIMEOUT,
  );

  it(
    "parseTemplate on random template strings throws only ERR_INVALID_TEMPLATE, and expand only EndpointError",
    () => {
      const piece = fc.oneof(
        fc.constantFrom(..."{}+#./;?&=,!@|:*%-_ 0123", "{x}", "{+a,b*}", "{?q:3}", "%2F", "{.x.y}", "{%41}"),
        fc.string({ unit: "binary", maxLength: 2 }),
      );
      const template = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(""));
      fc.assert(
        fc.property(template, fc.dictionary(fc.constantFrom("x", "a", "b", "q", "x.y"), value), (source, variables) => {
          let parsed: ReturnType<typeof parseTemplate>;
          try {
            parsed = parseTemplate(source);
          } catch (error) {
            expect(error).toBeInstanceOf(EndpointError);
            expect((error as EndpointError).code).toBe("ERR_INVALID_TEMPLATE");
            return;
          }
          expect(typeof settle(() => parsed.expand(variables))).not.toBe("undefined");
        }),
        fuzz(1000, 5),
      );
    },
    TIMEOUT,
  );
});

/** Text with lone surrogates replaced by U+FFFD, as our encoder does. */
const wellFormed = (value: string): string => (value as string & { toWellFormed(): string }).toWellFormed();

describe("no value climbs out of its route", () => {
  const dotty = fc
    .array(fc.constantFrom(".", "..", "%2e", "%2E%2e", "/", "a", "", "%2F", "?", "#", ".a"), { maxLength: 6 })
    .map((parts) => parts.join(""));
  const templates = [
    "/repos/{owner}/{repo}/contents/{+path}",
    "/repos/{owner}/{repo}/contents/{path}",
    "/repos/{owner}/{repo}/contents{/path}",
    "/repos/{owner}/{repo}/contents{/path*}",
    "/repos/{owner}/{repo}/contents{/path*,ext}",
    "/repos/{owner}/{repo}/contents/{path}{.ext}",
    "/repos/{owner}/{repo}/contents/{path}.{ext}",
    "/repos/{owner}/{repo}/contents/{.path,ext}",
    "/repos/{owner}/{repo}/contents/:path",
    "/repos/{owner}/{repo}/contents{?q}/{path}",
    "/repos/{owner}/{repo}/contents{#q}{/path}",
    "/repos/{owner}/{repo}/contents{?q}/{+path}{.ext}",
    "/repos/{owner}/{repo}/contents{&q}/{path}",
    "/repos/{owner}/{repo}/contents/.{&q}./{+path}",
    "/repos/{owner}/{repo}/contents/.{?q}./{+path}",
    "/repos/{owner}/{repo}/contents/.{#q}./{+path}",
    "/repos/{owner}/{repo}/contents/.{?q}.",
    "/repos/{owner}/{repo}/contents/{path}{?q}..",
  ];
  it(
    "after a URL parser resolves dot segments, the path still starts with the route's fixed part, or the call throws",
    () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...templates),
          fc.oneof(dotty, fc.array(dotty, { minLength: 1, maxLength: 3 })),
          dotty,
          fc.constantFrom(undefined, "", "1"),
          (template, path, ext, q) => {
            const result = settle(() => loose(`GET ${template}`, { owner: "o", repo: "r", path, ext, q }));
            if (result instanceof EndpointError) return;
            const { pathname } = new URL(result.url);
            // `{&q}` may extend the fixed part's last segment ("contents&q=1"), which is no climb.
            const fixed = template.includes("{&") ? "/repos/o/r/contents" : "/repos/o/r/contents/";
            expect(`${pathname}/`.startsWith(fixed)).toBe(true);
          },
        ),
        fuzz(2000, 41),
      );
    },
    TIMEOUT,
  );

  const dots = fc.constantFrom(".", "..", "%2e", "%2E%2e");
  const fixedPartKept = (url: URL) => url.pathname.startsWith("/repos/o/r/contents");
  // Any mix of operators, explode and neighbours after the fixed part, so that no one expression's
  // shape escapes the check ({/x*,y} once did, while {/x*} alone was refused).
  const variable = fc
    .tuple(fc.constantFrom("path", "ext", "q"), fc.boolean())
    .map(([name, explode]) => (explode ? `${name}*` : name));
  const expression = fc
    .tuple(fc.constantFrom("", "/", ".", "+", ";", "?", "&", "#"), fc.array(variable, { minLength: 1, maxLength: 3 }))
    .map(([operator, names]) => `{${operator}${names.join(",")}}`);
  const tail = fc
    .array(fc.oneof(expression, fc.constantFrom("/", ".", "..", "-", "%2e")), { minLength: 1, maxLength: 5 })
    .map((parts) => parts.join(""))
    // A ".." segment of the route's own text is its author's to write (docs/errors.md, ERR_INVALID_PARAMETER): one
    // between "/"s, before a {/x}, {?q} or {#f} (which start with "/", "?" or "#" when they write anything),
    // or across a {?q}, {#f} or {&x} that writes nothing.
    .filter((tail) => ![ownText(tail, "/"), ownText(tail, "")].some(climbs));
  const ownText = (tail: string, separator: string) =>
    tail
      .replace(/\{[?#&][^}]*\}/g, separator)
      .replace(/\{\/[^}]*\}/g, "/")
      .replace(/\{[^}]*\}/g, "\0");
  const climbs = (text: string) =>
    text.split("/").some((segment) => segment.toLowerCase().replaceAll("%2e", ".") === "..");
  it(
    "whatever expressions follow the fixed part, a URL parser keeps it, or the call throws",
    () => {
      fc.assert(
        fc.property(
          tail,
          fc.oneof(dots, dotty, fc.array(fc.oneof(dots, dotty), { minLength: 1, maxLength: 3 })),
          fc.oneof(dots, dotty),
          fc.oneof(fc.constantFrom(undefined, "", "1"), dots, dotty),
          (tail, path, ext, q) => {
            const template = `/repos/{owner}/{repo}/contents${tail}`;
            const result = settle(() => loose(`GET ${template}`, { owner: "o", repo: "r", path, ext, q }));
            if (result instanceof EndpointError) return;
            expect(fixedPartKept(new URL(result.url))).toBe(true);
          },
        ),
        fuzz(5000, 43),
      );
    },
    TIMEOUT,
  );
});

describe("an http(s) url never comes out without a host", () => {
  const templates = [
    "https://{host}/x",
    "https://{+host}/x",
    "https://{.host}/x",
    "https://{;host}/x",
    "https://user@{host}:8080/x",
    "https://{host}{?q}/x",
    "https://{?q}{host}/x",
    "https://{?q}/x",
    "https://{#q}/x",
    "https://{&q}/x",
    "http://{&q}",
    "http://:80{&q}/{host}",
    "https://{host}{/p}",
    "https://{/p}",
    "http{p}://{host}/x",
    "https:/{/host}/x",
  ];
  const value = fc.constantFrom(undefined, "", "h", "a.b", ":1", "@", "u@", ["a", "b"], {});
  // After any user@, before any :port (a URL parser would refuse some hosts a template writes, "u%40").
  const hostOf = (url: string) => {
    const authority = url.slice(url.indexOf("://") + 3).split(/[/?#]/)[0] ?? "";
    return authority.slice(authority.lastIndexOf("@") + 1).split(":")[0];
  };
  it("the authority names a host (after any user@, before any :port), or the call throws", () => {
    fc.assert(
      fc.property(fc.constantFrom(...templates), value, value, value, (template, host, q, p) => {
        const result = settle(() => loose(`GET ${template}`, { host, q, p }));
        if (result instanceof EndpointError) return;
        expect(hostOf(result.url)).not.toBe("");
      }),
      fuzz(2000, 43),
    );
  });

  // Any mix of operators and literal pieces in the authority, so that no one shape escapes the check.
  const expression = fc
    .tuple(
      fc.constantFrom("", "+", ".", ";", "?", "&", "#", "/"),
      fc.array(fc.constantFrom("host", "q", "p", "host*"), { minLength: 1, maxLength: 2 }),
    )
    .map(([operator, names]) => `{${operator}${names.join(",")}}`);
  const authority = fc
    .array(fc.oneof(expression, fc.constantFrom("u@", "@", ":80", "h", ".", "-")), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join(""))
    // An authority the url's own text leaves empty is its author's to write.
    .filter((text) => text.includes("{"));
  it(
    "whatever expressions make up the authority, it names a host, or the call throws",
    () => {
      fc.assert(
        fc.property(authority, value, value, value, (authority, host, q, p) => {
          const result = settle(() => loose(`GET https://${authority}/x`, { host, q, p }));
          if (result instanceof EndpointError) return;
          expect(hostOf(result.url)).not.toBe("");
        }),
        fuzz(3000, 44),
      );
    },
    TIMEOUT,
  );
});

describe("expanding a value then decoding gives the value back", () => {
  const anyText = fc.string({ unit: char, maxLength: 20 });
  it.each([
    ["{var}", (v: string) => parseTemplate("{var}").expand({ var: v }), (out: string) => out],
    ["{?var}", (v: string) => parseTemplate("{?var}").expand({ var: v }), (out: string) => out.replace(/^\?var=/, "")],
    ["{/var}", (v: string) => parseTemplate("{/var}").expand({ var: v }), (out: string) => out.slice(1)],
    ["endpoint path {var}", (v: string) => endpoint("GET /x/{var}", { var: v }).url, (out: string) => out.slice(25)],
    [
      "endpoint query value",
      (v: string) => endpoint("GET /x", { k: v }).url,
      (out: string) => out.split("?k=")[1] ?? "",
    ],
    [
      "endpoint query key",
      (v: string) => endpoint("GET /x", { [v || "k"]: "1" }).url,
      (out: string) => out.slice(25, -2),
    ],
  ])("%s", (_, expand, extract) => {
    fc.assert(
      fc.property(
        anyText.filter(
          (v) =>
            v !== "." && v !== ".." && !["method", "url", "baseUrl", "headers", "request", "mediaType"].includes(v),
        ),
        (v) => {
          expect(decodeURIComponent(extract(expand(v)))).toBe(wellFormed(v) || (_ === "endpoint query key" ? "k" : ""));
        },
      ),
      fuzz(500, 6),
    );
  });

  it("{+var}: reserved characters stay, everything else decodes back (values without %)", () => {
    fc.assert(
      fc.property(
        anyText.filter((v) => !v.includes("%")),
        (v) => {
          const out = parseTemplate("{+var}").expand({ var: v });
          expect(decodeURIComponent(out)).toBe(wellFormed(v));
          expect(out).not.toMatch(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/);
        },
      ),
      fuzz(500, 7),
    );
  });

  it("q: split on +, each part decodes back, joined with a literal +", () => {
    fc.assert(
      fc.property(anyText, (v) => {
        const query = endpoint("GET /search/issues", { q: v }).url.split("?q=")[1] ?? "";
        expect(query.split("+").map(decodeURIComponent).join("+")).toBe(wellFormed(v));
      }),
      fuzz(500, 8),
    );
  });
});

describe("previews and headers never duplicate", () => {
  const preview = fc.oneof(
    fc.constantFrom("mercy", "mercy-preview", "a", "a-preview", "b"),
    fc.stringMatching(/^[\w-]{1,6}$/),
  );
  const previewLists = fc.array(fc.array(preview, { maxLength: 4 }), { minLength: 1, maxLength: 3 });
  it("merged previews and accept entries are unique, in first-seen order", () => {
    fc.assert(
      fc.property(previewLists, fc.constantFrom(undefined, "raw"), (lists, format) => {
        const [call = [], ...levels] = lists;
        const fn = settle(() => withLevels(levels.map((previews) => ({ mediaType: { previews } }))));
        if (fn instanceof EndpointError) return;
        const merged = settle(() => fn.merge("GET /x", { mediaType: { previews: call, format } }));
        const result = settle(() => fn("GET /x", { mediaType: { previews: call, format } }));
        if (merged instanceof EndpointError || result instanceof EndpointError) return;
        const names = [...levels, call].flat().map((p) => p.replace(/-preview$/, ""));
        expect(merged.mediaType.previews).toStrictEqual([...new Set(names)]);
        const accept = String(result.headers.accept).split(",");
        expect(new Set(accept).size).toBe(accept.length);
      }),
      fuzz(500, 9),
    );
  });

  it("header names come out lowercase and once each, whatever case and level they were given in", () => {
    const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z-]{0,3}$/);
    const level = fc.dictionary(headerName, fc.stringMatching(/^[a-z0-9 ]{0,5}$/), { maxKeys: 4 });
    fc.assert(
      fc.property(fc.array(level, { maxLength: 3 }), level, (levels, headers) => {
        const result = withLevels(levels.map((h) => ({ headers: h })))("GET /x", { headers });
        const names = Object.keys(result.headers);
        for (const header of names) expect(header).toBe(header.toLowerCase());
        // the last level that set a name (any case) wins
        const expected = new Map<string, unknown>();
        for (const h of [...levels, headers]) for (const [k, v] of Object.entries(h)) expected.set(k.toLowerCase(), v);
        for (const [k, v] of expected) expect(result.headers[k]).toBe(v);
      }),
      fuzz(500, 10),
    );
  });
});

describe("a format amends accept as @octokit/endpoint 7's regex does", () => {
  // The regex v7 runs on each accept entry; endpoint-options scans instead (no backtracking on input).
  const V7_FORMAT = /application\/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?$/;
  const piece = fc.constantFrom(
    "application/vnd",
    ".github",
    ".v3",
    ".v3x",
    ".raw",
    ".",
    "v3",
    "+json",
    "+json+",
    "_",
    "-",
    ",",
  );
  it("entry by entry, with the same vendor, version and format", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const accept = `application/vnd${pieces.join("")}`;
        const result = loose("GET /x", { headers: { accept }, mediaType: { format: "diff" } });
        const expected = accept
          .split(",")
          .map((entry) => entry.replace(V7_FORMAT, "application/vnd$1$2.diff"))
          .join(",");
        expect(result.headers.accept).toBe(expected);
      }),
      fuzz(2000, 42),
    );
  });

  it("previews already in accept are what v7's /[\\w-]+(?=-preview)/g finds", () => {
    const text = fc.array(fc.constantFrom("a", "b_", "-", "-preview", "preview", ",", " ", ".", "+json"), {
      maxLength: 8,
    });
    fc.assert(
      fc.property(text, (pieces) => {
        const accept = pieces.join("");
        const result = loose("GET /x", { headers: { accept }, mediaType: { previews: ["z"] } });
        const names = new Set([...(accept.match(/[\w-]+(?=-preview)/g) ?? []), "z"]);
        const expected = [...names].map((name) => `application/vnd.github.${name}-preview+json`).join(",");
        expect(result.headers.accept).toBe(expected);
      }),
      fuzz(2000, 43),
    );
  });
});

describe("the RFC 6570 engine agrees with url-template@3 where url-template is known-correct", () => {
  // url-template@3's known deviations from RFC 6570, left out of the generator:
  // - prefixes count UTF-16 units (RFC: characters): prefixed values are BMP-only here;
  // - an empty list or object with ? & ; expands to `name=` (RFC: undefined): lists and objects are non-empty;
  // - `;` with an empty member of an exploded list/object writes `k=` (RFC: `k`): members are non-empty;
  // - `%X` (a % and one hex digit, not a triplet) is left raw in {+x} and literals: no such text;
  // - numbers inside lists with + or # crash (`split` on a number), Dates and bigints are read as objects:
  //   list members are strings; values are strings and numbers;
  // - lone surrogates throw URIError: text is well-formed; prefix modifiers on lists are ignored: not generated.
  const safeChar = fc.oneof(
    fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
    fc.constantFrom(..."/?#[]@!$&'()*+,;= .-_~", "%20", "é", "中"),
  );
  const safeText = fc.string({ unit: safeChar, maxLength: 8 }).filter((v) => !/%(?![0-9A-Fa-f]{2})/.test(v));
  const member = safeText.filter((v) => v !== "");
  const varName = fc.constantFrom("a", "b", "c", "list", "keys");
  const spec = fc.tuple(varName, fc.constantFrom("", "*", ":1", ":3", ":30"));
  const expression = fc
    .tuple(fc.constantFrom("", "+", "#", ".", "/", ";", "?", "&"), fc.array(spec, { minLength: 1, maxLength: 3 }))
    .map(([op, specs]) => `{${op}${specs.map(([n, m]) => n + m).join(",")}}`);
  const literal = fc.string({ unit: fc.constantFrom(..."abc/-.~:?=&", "é", "%20"), maxLength: 4 });
  const template = fc.array(fc.oneof(expression, literal), { minLength: 1, maxLength: 4 }).map((p) => p.join(""));
  const variables = fc.record(
    {
      a: fc.oneof(safeText, fc.integer()),
      b: safeText,
      c: fc.oneof(safeText, fc.double({ noNaN: true })),
      list: fc.array(member, { minLength: 1, maxLength: 3 }),
      keys: fc.dictionary(fc.stringMatching(/^[a-z]{1,3}$/), member, { minKeys: 1, maxKeys: 3, noNullPrototype: true }),
    },
    { requiredKeys: [] },
  );
  it("on generated level 4 templates and values", () => {
    fc.assert(
      fc.property(template, variables, (source, vars) => {
        // Prefix modifiers on lists and objects are an error in RFC 6570 (section 2.4.1): left out.
        fc.pre(!/(list|keys):/.test(source));
        // url-template leaves a `%X` raw, which a prefix can cut out of a triplet (" %20" → " %2").
        fc.pre(!(/:\d/.test(source) && Object.values(vars).some((v) => String(v).includes("%"))));
        expect(parseTemplate(source).expand(vars)).toBe(urlTemplate(source).expand(vars as never));
      }),
      fuzz(2000, 11),
    );
  });
});

describe("a url the plain-path reader takes expands as the general compile's does", () => {
  it("takes every url of GitHub's routes that has placeholders, so no route loads the general compile", () => {
    const { routes } = JSON.parse(readFileSync(new URL("./fixtures/github-routes.json", import.meta.url), "utf8")) as {
      routes: { route: string }[];
    };
    const urls = routes.map(({ route }) => route.slice(route.indexOf(" ") + 1)).filter((url) => url.includes("{"));
    expect(urls.length).toBeGreaterThan(1000);
    expect(urls.filter((url) => pathUrl(url) === undefined)).toEqual([]);
  });

  const piece = fc.constantFrom("/", "//", "repos", "a-b", "x_y", "~", "@", "!$&'()*+,;=", "[v]", "{owner}", "{a-b}");
  const dots = fc.constantFrom(".", "..", "...", "a.b", ".x", "x.", "/./", "/../");
  const special = fc.constantFrom("{data}", "{url}", "{}", "{ x}", "{x", "}", "{a,b}", "{+p}", ":name", "?", "%");
  const origin = fc.constantFrom(
    "",
    "",
    "https://uploads.github.com",
    "http://h:8080",
    "https://",
    "https://u@h",
    "HTTPS://h",
  );
  const query = fc.constantFrom(
    "",
    "",
    "{?a,b}",
    "{?owner}",
    "{?url}",
    "{?}",
    "{?a,}",
    "{?,a}",
    "{?a,,b}",
    "{?a*}",
    "{&a}",
  );
  const value = fc.constantFrom(undefined, "", ".", "..", "...", "x.y", "a/b", "é", 0, 42, ["a", "b"], ["."]);
  const values = fc.record({ owner: value, "a-b": value, a: value, b: value }, { requiredKeys: [] });
  /** The url's expansion with these values, or the error it throws. */
  const expanded = (compiled: CompiledUrl, url: string, vars: Record<string, unknown>) => {
    try {
      return expandUrl(compiled, Object.entries(vars).flat(), "GET", url);
    } catch (error) {
      return error instanceof EndpointError ? `${error.code}: ${error.message}` : error;
    }
  };
  it("gives the same names and flags, checks nothing the general compile would find, or leaves the url to it", () => {
    fc.assert(
      fc.property(
        origin,
        fc.array(
          fc.oneof({ weight: 5, arbitrary: piece }, { weight: 1, arbitrary: dots }, { weight: 1, arbitrary: special }),
        ),
        query,
        fc.array(values, { minLength: 1, maxLength: 4 }),
        (start, pieces, end, trials) => {
          const url = `${start}/${pieces.join("")}${end}`;
          let general: CompiledUrl;
          try {
            general = compileAnyUrl(url);
          } catch {
            // A malformed url: the plain reader must not take it.
            expect(pathUrl(url)).toBeUndefined();
            return;
          }
          const plain = pathUrl(url);
          if (plain === undefined) return;
          const { parts, checks, ...flags } = plain;
          const { parts: generalParts, checks: generalChecks, ...generalFlags } = general;
          expect(flags).toStrictEqual(generalFlags);
          // Literal text and {name}s alike; a {?…} is compiled by the engine in both.
          const shape = (part: unknown) =>
            typeof part === "object" ? { required: (part as { required: boolean }).required } : part;
          expect(parts.map(shape)).toStrictEqual(generalParts.map(shape));
          // Where the general compile checks an expansion, it is for dot segments only, which the plain
          // reader shows no value can make: every expansion below agrees.
          expect(checks).toBeUndefined();
          expect(generalChecks === undefined || generalChecks.host === undefined).toBe(true);
          for (const vars of trials) expect(expanded(plain, url, vars)).toStrictEqual(expanded(general, url, vars));
        },
      ),
      fuzz(3000, 41),
    );
  });
});
