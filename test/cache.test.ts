// The bounded caches behind route and template compilation: bounded by entries and by key characters.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { BoundedCache } from "../src/base/cache.js";
import { endpoint, parseTemplate } from "../src/index.js";

describe("BoundedCache", () => {
  it("keeps at most maxEntries, forgetting the oldest first", () => {
    const cache = new BoundedCache<number>(2, 1000);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
  });

  it("keeps at most maxChars characters of keys, forgetting the oldest first", () => {
    const cache = new BoundedCache<number>(100, 10);
    cache.set("aaaa", 1);
    cache.set("bbbb", 2);
    cache.set("cccc", 3);
    expect([cache.get("aaaa"), cache.get("bbbb"), cache.get("cccc")]).toEqual([undefined, 2, 3]);
  });

  it("never keeps a key over 4,096 characters: one compiled template could hold megabytes", () => {
    const cache = new BoundedCache<number>(100, 1_000_000);
    cache.set("x".repeat(4096), 1);
    cache.set("y".repeat(4097), 2);
    expect(cache.get("x".repeat(4096))).toBe(1);
    expect(cache.get("y".repeat(4097))).toBeUndefined();
  });

  it("forgets in insertion order through many evictions, by entries and by characters", () => {
    const cache = new BoundedCache<number>(50, 400);
    const model: string[] = [];
    for (let i = 0; i < 5_000; i++) {
      const key = `k${i}`.padEnd(1 + (i % 13), "x");
      cache.set(key, i);
      model.push(key);
      while (model.length > 50 || model.join("").length > 400) model.shift();
      if (i % 97 === 0) cache.set(model[0] as string, -1); // a key kept already changes nothing
    }
    for (const key of model) expect(cache.get(key)).toBeGreaterThanOrEqual(0);
    expect(cache.get(`k${4_999 - model.length}`.padEnd(1 + ((4_999 - model.length) % 13), "x"))).toBeUndefined();
  });

  it("remember() makes a value once per key, and hands the same value back", () => {
    const cache = new BoundedCache<object>(10, 100);
    let made = 0;
    const make = () => ({ made: ++made });
    expect(cache.remember("a", make)).toBe(cache.remember("a", make));
    expect(made).toBe(1);
    expect(parseTemplate("/a/{b}")).toBe(parseTemplate("/a/{b}"));
  });

  it("never keeps a key longer than maxChars, and goes on forgetting the oldest", () => {
    const cache = new BoundedCache<number>(100, 10);
    cache.set("x".repeat(11), 1);
    for (const key of ["abc", "def", "ghi", "jklm"]) cache.set(key, 1);
    expect(["x".repeat(11), "abc", "def", "ghi", "jklm"].map((key) => cache.get(key))).toEqual([
      undefined,
      undefined,
      1,
      1,
      1,
    ]);
  });

  it("keeps a key found again as the newest, once: a route called twice outlives one called once", () => {
    const cache = new BoundedCache<number>(2, 1000);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([1, undefined, 3]);
    // Found a third time, "a" stays where it is: the oldest goes next.
    cache.set("d", 4);
    expect([cache.get("a"), cache.get("c"), cache.get("d")]).toEqual([undefined, 3, 4]);
  });

  it("counts a key set twice once", () => {
    const cache = new BoundedCache<number>(100, 8);
    cache.set("abcd", 1);
    cache.set("abcd", 1);
    cache.set("efgh", 2);
    expect([cache.get("abcd"), cache.get("efgh")]).toEqual([1, 2]);
  });
});

describe("the caches and the memos beside them keep no huge key alive (memory stays bounded whatever callers pass)", () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  /** Heap kept after `count` calls, each with its own huge string (fresh per test: none is shared). */
  function retainedAfter(count: number, run: (i: number) => void): number {
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < count; i++) run(i);
    // Twice: one collection can leave what the first one freed from weak tables.
    gc();
    gc();
    return process.memoryUsage().heapUsed - before;
  }
  const MB = 1024 * 1024;
  /**
   * `text` as V8 keeps a slice of 13 characters or more: a view into a fresh string of `size` characters
   * (100 kB: 200 of them kept would hold 20 MB, four times the bound).
   */
  const sliced = (text: string, size = 100 * 1024) => `${text}${"z".repeat(size)}`.slice(0, text.length);
  /**
   * A string of `length` characters on the heap, in one piece: `repeat` makes a rope of a few shared pieces
   * until a search flattens it (a Buffer's text would be held outside the heap).
   */
  const flat = (length: number) => {
    const text = "b".repeat(length);
    text.indexOf("c");
    return text;
  };

  // Kept, 200 keys of 100 kB would hold 20 MB, and one 20 MB accept header 20 MB.
  it.each([
    // A short route, url or template sliced from a 100 kB string: 200 cached slices would keep 20 MB.
    ["routes sliced from huge strings", 200, (i: number) => endpoint(sliced(`GET /route${i}/{x}`), { x: 1 })],
    [
      "urls sliced from huge strings",
      200,
      (i: number) => endpoint({ method: "GET", url: sliced(`/url-option-${i}/{x}`), x: 1 }),
    ],
    ["templates sliced from huge strings", 200, (i: number) => parseTemplate(sliced(`/template${i}/{x}`))],
    // Called a second time, a route is kept under a copy of its own again, not the slice given then.
    [
      "routes called twice, each time sliced from a huge string",
      100,
      (i: number) => {
        endpoint(sliced(`GET /twice${i}/{x}`), { x: 1 });
        endpoint(sliced(`GET /twice${i}/{x}`), { x: 1 });
      },
    ],
    // One is remembered: a view into 20 MB would keep all of it.
    [
      "the last accept header, sliced from a huge string",
      1,
      (i: number) =>
        endpoint("GET /x", {
          headers: { accept: sliced(`application/vnd.github.v${i}+json`, 20 * MB) },
          mediaType: { format: "raw" },
        }),
    ],
    ["query keys", 200, (i: number) => endpoint("GET /x", { [`q${i}${"x".repeat(100_000)}`]: "v" })],
    // Keys of 200 "€" encode to 1,800 characters, in a rope of many pieces.
    ["query keys that encode long", 999, (i: number) => endpoint("GET /x", { [`${i}${"€".repeat(200)}`]: "v" })],
    ["header names", 200, (i: number) => endpoint("GET /x", { headers: { [`h${i}${"x".repeat(100_000)}`]: "v" } })],
    // Values checked once are remembered: a token sliced from a huge response body must not keep it alive.
    [
      "header values sliced from huge strings",
      200,
      (i: number) => endpoint("GET /x", { headers: { authorization: sliced(`token ghp_${i}_example`) } }),
    ],
    [
      "baseUrls sliced from huge strings",
      200,
      (i: number) => endpoint("GET /x", { baseUrl: sliced(`https://h${i}.example.com`) }),
    ],
    [
      "the formatted accept header",
      1,
      () => endpoint("GET /x", { headers: { accept: "a".repeat(20_000_000) }, mediaType: { format: "raw" } }),
    ],
    // merge() and parse() keep nothing a call passed once they return: not the merge, nor its body.
    ["a 20 MB body given to merge(), never parsed", 3, () => endpoint.merge("POST /x", { data: flat(20 * MB) })],
    [
      "a 20 MB body through merge() then parse()",
      3,
      () => endpoint.parse(endpoint.merge("POST /x", { data: flat(20 * MB), title: "t" })),
    ],
  ])(
    "%s",
    (_, count, run) => {
      expect(retainedAfter(count, run)).toBeLessThan(5 * MB);
    },
    // Megabytes copied and collected: a busy machine takes seconds; the limit only catches a hang.
    60_000,
  );
});
