// Safety: nothing the caller passes is mutated, frozen input works, prototypes stay clean, and
// hostile input costs linear time.
import { describe, expect, it } from "vitest";
import { type EndpointOptions, endpoint, parseTemplate } from "../src/index.js";
import { deepFreeze } from "./helpers/frozen.js";
import { call, confirmedGrowth } from "./helpers/linear.js";

const calls: [string, string, EndpointOptions][] = [
  [
    "GET with path and query",
    "GET /repos/{owner}/{repo}/issues",
    { owner: "o", repo: "r", labels: ["a"], per_page: 1 },
  ],
  [
    "POST with nested body, headers and previews",
    "POST /repos/{owner}/{repo}/hooks",
    {
      owner: "o",
      repo: "r",
      config: { url: "u", nested: { deep: [1, { x: null }] } },
      headers: { Authorization: "token t", "X-A": ["1", "2"] },
      mediaType: { previews: ["mercy-preview"], format: "raw" },
      request: { retries: 1 },
    },
  ],
  [
    "PUT with data",
    "PUT /x{?name}",
    { name: "n", data: { a: [1] }, headers: { accept: "application/vnd.github.v3+json" } },
  ],
];

describe("nothing the caller passes is mutated", () => {
  it.each(calls)("deep-frozen input works: %s", (_, route, options) => {
    const frozen = deepFreeze(structuredClone(options));
    expect(() => endpoint(route, frozen)).not.toThrow();
    expect(() => endpoint.defaults(frozen)(route)).not.toThrow();
    expect(frozen).toStrictEqual(options);
  });

  it.each(calls)("input is unchanged afterwards: %s", (_, route, options) => {
    const copy = structuredClone(options);
    endpoint(route, options);
    endpoint.merge(route, options);
    endpoint.defaults(options).defaults(options)(route, options);
    expect(options).toStrictEqual(copy);
  });

  it("merged options given to parse() are unchanged", () => {
    const merged = deepFreeze(endpoint.merge("POST /x", { a: 1, mediaType: { format: "raw" } }));
    const copy = structuredClone(merged);
    endpoint.parse(merged);
    expect(merged).toStrictEqual(copy);
  });
});

const pollution = [
  "options",
  "headers",
  "mediaType",
  "request",
  "nested body parameter",
  "defaults",
  "defaults headers",
] as const;

function pollutedOptions(where: (typeof pollution)[number], key: string): EndpointOptions {
  const payload = `{"${key}": {"polluted": "yes"}}`;
  switch (where) {
    case "options":
    case "defaults":
      return JSON.parse(payload) as EndpointOptions;
    case "headers":
    case "defaults headers":
      return { headers: JSON.parse(`{"${key}": "yes"}`) as Record<string, string> };
    case "mediaType":
      return { mediaType: JSON.parse(payload) as Record<string, never> };
    case "request":
      return { request: JSON.parse(payload) as Record<string, unknown> };
    case "nested body parameter":
      return { config: JSON.parse(payload) as unknown };
  }
}

describe("__proto__, constructor and prototype keys never reach a prototype", () => {
  const keys = ["__proto__", "constructor", "prototype"];
  const cases = pollution.flatMap((where) => keys.map((key) => ({ where, key })));

  it.each(cases)("$key in $where", ({ where, key }) => {
    const options = pollutedOptions(where, key);
    const fn = where.startsWith("defaults") ? endpoint.defaults(options) : endpoint;
    const callOptions = where.startsWith("defaults") ? {} : options;
    const defaultsToo = where.startsWith("defaults") ? fn : endpoint.defaults(options);
    for (const method of ["POST", "PATCH"]) {
      fn(`${method} /x`, callOptions);
      defaultsToo(`${method} /x`, callOptions);
      fn.merge(`${method} /x`, callOptions);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(Object.getPrototypeOf(fn.merge("POST /x", callOptions))).toBe(Object.prototype);
    expect(Object.getPrototypeOf(fn.merge("POST /x", callOptions).headers)).toBe(Object.prototype);
  });

  it("a JSON __proto__ parameter stays an own key of the body", () => {
    const result = endpoint("POST /x", JSON.parse('{"__proto__": {"a": 1}}') as EndpointOptions);
    expect(Object.getPrototypeOf(result.body)).toBe(Object.prototype);
    expect(JSON.stringify(result.body)).toBe('{"__proto__":{"a":1}}');
  });
});

describe("hostile input costs linear time (eight times the input takes at most 32 times as long)", () => {
  // Each case runs at the size named (characters or items) and at an eighth of it: linear work takes about
  // 8 times as long (up to 22 seen on a loaded 2-core machine), quadratic work about 64 times. The method is in
  // test/helpers/linear.ts.
  it.each<[string, number, (n: number) => () => unknown]>([
    [
      "an accept header full of -preview",
      100_000,
      (n) => call(endpoint, "GET /x", { headers: { accept: "a-preview".repeat(n) }, mediaType: { previews: ["x"] } }),
    ],
    [
      "an accept header of application/vnd repeated",
      100_000,
      (n) =>
        call(endpoint, "GET /x", { headers: { accept: "application/vnd.a".repeat(n) }, mediaType: { format: "raw" } }),
    ],
    ["a url of { repeated", 100_000, (n) => call(endpoint, { url: "{".repeat(n) })],
    ["a url of :a repeated", 100_000, (n) => call(endpoint, { url: `/${":a".repeat(n)}`, a: "x" })],
    ["a url of {a} repeated", 100_000, (n) => call(endpoint, { url: `/${"{a}".repeat(n)}`, a: "x" })],
    [
      "a template with thousands of variables",
      20_000,
      (n) =>
        call(
          (template: string) => parseTemplate(template).expand({ v1: 1 }),
          `{?${Array.from({ length: n }, (_, i) => `v${i}`).join(",")}}`,
        ),
    ],
    ["a route string of spaces", 100_000, (n) => call(endpoint, " ".repeat(n))],
    ["a q of + repeated", 100_000, (n) => call(endpoint, "GET /search/code", { q: "+".repeat(n) })],
    [
      "a header value of 100,000 characters",
      100_000,
      (n) => call(endpoint, "GET /x", { headers: { "x-a": "v".repeat(n) } }),
    ],
  ])("%s", (_, size, work) => {
    expect(confirmedGrowth(work, size / 8, 8, 32)).toBeLessThan(32);
  });
});
