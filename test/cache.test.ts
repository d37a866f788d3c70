// The bounded caches behind route and template compilation: bounded by entries and by key characters.
import { describe, expect, it } from "vitest";
import { BoundedCache } from "../src/cache.js";

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

  it("counts a key set twice once", () => {
    const cache = new BoundedCache<number>(100, 8);
    cache.set("abcd", 1);
    cache.set("abcd", 1);
    cache.set("efgh", 2);
    expect([cache.get("abcd"), cache.get("efgh")]).toEqual([1, 2]);
  });
});
