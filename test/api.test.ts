// endpoint.DEFAULTS, .defaults(), .merge() and .parse(): the shapes docs/design.md gives them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { endpoint, type MergedOptions } from "../src/index.js";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};
const USER_AGENT = `endpoint-options/${version}`;

describe("DEFAULTS", () => {
  it("is { method, baseUrl, headers: { accept, user-agent }, mediaType: { format, previews } }", () => {
    expect(endpoint.DEFAULTS).toStrictEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT },
      mediaType: { format: "", previews: [] },
    });
  });

  it("the user agent carries the version from package.json", () => {
    expect(endpoint.DEFAULTS.headers["user-agent"]).toBe(`endpoint-options/${version}`);
  });

  it("reflects the defaults a .defaults() function was given, such as a changed baseUrl", () => {
    const ghes = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", per_page: 100 });
    expect(ghes.DEFAULTS.baseUrl).toBe("https://ghe.example.com/api/v3");
    expect(ghes.DEFAULTS.per_page).toBe(100);
    expect(endpoint.DEFAULTS.baseUrl).toBe("https://api.github.com");
  });

  it("holds preview names stripped of -preview", () => {
    const fn = endpoint.defaults({ mediaType: { previews: ["mercy-preview", "symmetra"] } });
    expect(fn.DEFAULTS.mediaType.previews).toStrictEqual(["mercy", "symmetra"]);
  });

  it("holds preview names that parse() takes as they are: merge strips -preview once, parse never", () => {
    const fn = endpoint.defaults({ mediaType: { previews: ["a-preview-preview"] } });
    expect(fn.DEFAULTS.mediaType.previews).toStrictEqual(["a-preview"]);
    const accept = "application/vnd.github.a-preview-preview+json";
    expect(fn("GET /x").headers.accept).toBe(accept);
    expect(fn.parse(fn.merge("GET /x")).headers.accept).toBe(accept);
    expect(endpoint({ url: "/x", mediaType: { previews: ["a-preview-preview"] } }).headers.accept).toBe(accept);
    expect(
      endpoint.parse({ ...endpoint.DEFAULTS, url: "/x", mediaType: { format: "", previews: ["b-preview"] } }).headers
        .accept,
    ).toBe("application/vnd.github.b-preview-preview+json");
  });

  it("is frozen, so no caller can change it by accident", () => {
    expect(Object.isFrozen(endpoint.DEFAULTS)).toBe(true);
    expect(Object.isFrozen(endpoint.DEFAULTS.headers)).toBe(true);
    expect(Object.isFrozen(endpoint.DEFAULTS.mediaType)).toBe(true);
    expect(Object.isFrozen(endpoint.DEFAULTS.mediaType.previews)).toBe(true);
    const raw = endpoint.defaults({ mediaType: { format: "raw" } });
    expect(Object.isFrozen(raw.DEFAULTS.mediaType)).toBe(true);
    expect(() => {
      (raw.DEFAULTS.mediaType as { format: string }).format = "diff";
    }).toThrow(TypeError);
    expect(raw("GET /x").headers.accept).toBe("application/vnd.github.v3.raw");
  });

  it("holds a copy of a list header, frozen; every result and merge() gets a list of its own", () => {
    const list = ["a", "b"];
    const fn = endpoint.defaults({ headers: { "x-list": list } });
    const held = fn.DEFAULTS.headers["x-list"];
    expect(held).toStrictEqual(["a", "b"]);
    expect(held).not.toBe(list);
    expect(Object.isFrozen(held)).toBe(true);
    expect(Object.isFrozen(list)).toBe(false);
    const results = [
      fn("GET /one"),
      fn("POST /two", { a: 1 }),
      fn("GET /three", { headers: { "x-other": "1" } }),
      fn("GET /four", { mediaType: { previews: ["mercy"] } }),
      fn({ url: "/five" }),
      fn.parse(fn.merge("GET /six")),
    ];
    const merged = fn.merge("GET /seven");
    for (const owner of [...results.map((result) => result.headers), merged.headers]) {
      const own = owner["x-list"] as string[];
      expect(own).toStrictEqual(["a", "b"]);
      expect(own).not.toBe(held);
      own.push("changed");
    }
    expect(fn("GET /again").headers["x-list"]).toStrictEqual(["a", "b"]);
    expect(list).toStrictEqual(["a", "b"]);
  });

  it("cannot be replaced: every endpoint function is frozen, as importers share it", () => {
    const api = endpoint.defaults({ per_page: 1 });
    for (const fn of [endpoint, api]) {
      expect(Object.isFrozen(fn)).toBe(true);
      expect(() => Object.assign(fn, { DEFAULTS: { baseUrl: "https://evil.example" } })).toThrow(TypeError);
      expect(fn("GET /x").url.startsWith("https://api.github.com/x")).toBe(true);
    }
  });

  it("no call changes any DEFAULTS", () => {
    const level1 = endpoint.defaults({ headers: { authorization: "token a" }, mediaType: { previews: ["a"] } });
    const level2 = level1.defaults({ per_page: 5, request: { retries: 1 } });
    const before = [endpoint, level1, level2].map((fn) => structuredClone(fn.DEFAULTS));
    for (const fn of [endpoint, level1, level2]) {
      fn("POST /x", { headers: { authorization: "token b", accept: "text/html" }, request: { b: 2 } });
      fn("GET /x", { mediaType: { previews: ["b"], format: "raw" }, per_page: 1 });
      fn.merge("PUT /x", { headers: { "user-agent": null } });
      fn.defaults({ mediaType: { previews: ["c"] }, headers: { x: "1" } });
    }
    expect([endpoint, level1, level2].map((fn) => fn.DEFAULTS)).toStrictEqual(before);
  });
});

describe(".defaults()", () => {
  it("returns a function with the same operations, at any depth", () => {
    const level2 = endpoint.defaults({ per_page: 1 }).defaults({ page: 2 });
    expect(typeof level2).toBe("function");
    expect(typeof level2.defaults).toBe("function");
    expect(typeof level2.merge).toBe("function");
    expect(typeof level2.parse).toBe("function");
    expect(level2.DEFAULTS).toMatchObject({ per_page: 1, page: 2 });
  });

  it("null or nothing adds nothing, as in @octokit/endpoint", () => {
    const api = endpoint.defaults({ per_page: 1 });
    for (const next of [api.defaults(null as never), api.defaults(undefined as never)]) {
      expect(next.DEFAULTS).toStrictEqual(api.DEFAULTS);
      expect(next("GET /x")).toStrictEqual(api("GET /x"));
    }
  });

  it("takes a route string, as endpoint() does: its method and url become defaults", () => {
    const create = endpoint.defaults("POST /repos/{owner}/{repo}/issues");
    expect(create.DEFAULTS).toMatchObject({ method: "POST", url: "/repos/{owner}/{repo}/issues" });
    expect(create({ owner: "o", repo: "r", title: "t" })).toMatchObject({
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      body: { title: "t" },
    });
  });

  it("a call's value that is some default's key name does not stand for that key, with few or many parameters", () => {
    const paged = endpoint.defaults({ per_page: 100 });
    expect(paged("GET /x", { a: "per_page" }).url).toBe("https://api.github.com/x?per_page=100&a=per_page");
    // More than 16 call parameters are looked up through a map, not the list.
    const many: Record<string, string> = {};
    for (let i = 0; i < 17; i++) many[`k${i}`] = i === 0 ? "per_page" : "v";
    expect(paged("GET /x", many).url).toMatch(/^https:\/\/api\.github\.com\/x\?per_page=100&k0=per_page&k1=v&/);
    expect(endpoint("POST /x", { a: "data", b: 1 })).toMatchObject({
      body: { a: "data", b: 1 },
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  });

  it("previews cascade: earlier levels first", () => {
    const fn = endpoint.defaults({ mediaType: { previews: ["a"] } }).defaults({ mediaType: { previews: ["b", "a"] } });
    expect(fn.DEFAULTS.mediaType.previews).toStrictEqual(["a", "b"]);
  });
});

describe("header order", () => {
  it("is the same from endpoint() and parse(merge()), when previews bring back an accept a level removed", () => {
    const levels = [
      endpoint.defaults({ headers: { accept: null }, mediaType: { previews: ["mercy"] } }),
      endpoint.defaults({ headers: { accept: null, "x-l": ["a"] }, mediaType: { previews: ["mercy"] } }),
    ];
    const orders = levels.map((fn) => Object.keys(fn("POST /x", { a: 1 }).headers));
    expect(orders).toStrictEqual([
      ["user-agent", "accept", "content-type"],
      ["user-agent", "x-l", "accept", "content-type"],
    ]);
    for (const fn of levels) {
      expect(Object.keys(fn.parse(fn.merge("POST /x", { a: 1 })).headers)).toStrictEqual(
        Object.keys(fn("POST /x", { a: 1 }).headers),
      );
    }
  });
});

describe(".merge()", () => {
  it("keeps method uppercase, url a template, and adds defaults and parameters", () => {
    expect(endpoint.merge("get /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 2 })).toStrictEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": USER_AGENT },
      mediaType: { format: "", previews: [] },
      url: "/repos/{owner}/{repo}/issues",
      owner: "o",
      repo: "r",
      per_page: 2,
    });
  });

  it("keeps :name placeholders unparsed", () => {
    expect(endpoint.merge("GET /repos/:owner").url).toBe("/repos/:owner");
  });

  it("works without a url", () => {
    expect(endpoint.merge({ per_page: 1 })).toStrictEqual({ ...endpoint.DEFAULTS, per_page: 1 });
    expect(endpoint.merge()).toStrictEqual(endpoint.DEFAULTS);
  });

  it("reads a bare url as a GET", () => {
    expect(endpoint.merge("/x")).toStrictEqual({ ...endpoint.DEFAULTS, url: "/x" });
  });

  it("takes null options as none", () => {
    expect(endpoint.merge("GET /x", null as never)).toStrictEqual({ ...endpoint.DEFAULTS, url: "/x" });
  });

  it("keeps mediaType keys it does not know, from a level and from the call", () => {
    const fn = endpoint.defaults({ mediaType: { extra: 1 } as never });
    expect(fn.merge("GET /x", { mediaType: { format: "raw" } }).mediaType).toStrictEqual({
      format: "raw",
      previews: [],
      extra: 1,
    });
    expect(endpoint.merge("GET /x", { mediaType: { extra: 2 } as never }).mediaType).toStrictEqual({
      format: "",
      previews: [],
      extra: 2,
    });
  });

  it("merges plain objects nested 1,000 levels deep on both the defaults and the call", () => {
    let deep: Record<string, unknown> = {};
    for (let i = 1; i < 1000; i++) deep = { a: deep };
    expect(endpoint.defaults({ p: deep }).merge("POST /x", { p: deep }).p).toStrictEqual(deep);
  });

  it("includes the caller's user-agent and authorization headers, lowercased", () => {
    const merged = endpoint.merge("GET /user", { headers: { "User-Agent": "my-app/1.0", Authorization: "token t" } });
    expect(merged.headers).toStrictEqual({
      accept: "application/vnd.github.v3+json",
      "user-agent": "my-app/1.0",
      authorization: "token t",
    });
  });

  it("returns new containers: changing merged options never reaches DEFAULTS", () => {
    const merged = endpoint.merge("GET /user");
    merged.headers.extra = "1";
    merged.mediaType.previews.push("x");
    expect(endpoint.DEFAULTS.headers).not.toHaveProperty("extra");
    expect(endpoint.DEFAULTS.mediaType.previews).toStrictEqual([]);
  });

  it("takes class instances, data and request by reference, and reads lists and plain objects into copies", () => {
    class Agent {
      keepAlive = true;
    }
    const agent = new Agent();
    const since = new Date(0);
    const bytes = new Uint8Array([1, 2]);
    const labels = ["a"];
    const config = { url: "u", events: ["push"] };
    const fn = endpoint.defaults({ request: { agent } });
    const merged = fn.merge("POST /x", { since, data: bytes, labels, config });
    expect(merged.request?.agent).toBe(agent);
    expect(merged.since).toBe(since);
    expect(merged.data).toBe(bytes);
    expect(merged.labels).not.toBe(labels);
    expect(merged.labels).toStrictEqual(labels);
    expect(merged.config).not.toBe(config);
    expect(merged.config).toStrictEqual(config);
  });
});

describe(".parse()", () => {
  it("turns merged options into request options", () => {
    const merged: MergedOptions = {
      method: "POST",
      baseUrl: "https://api.github.com",
      url: "/repos/{owner}/{repo}/issues",
      headers: { accept: "application/vnd.github.v3+json" },
      mediaType: { format: "", previews: [] },
      owner: "o",
      repo: "r",
      title: "t",
    };
    expect(endpoint.parse(merged)).toStrictEqual({
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: { accept: "application/vnd.github.v3+json", "content-type": "application/json; charset=utf-8" },
      body: { title: "t" },
    });
  });

  it("is stateless: a .defaults() function's parse ignores its defaults", () => {
    const merged = endpoint.merge("GET /user");
    expect(endpoint.defaults({ baseUrl: "https://other.example" }).parse(merged).url).toBe(
      "https://api.github.com/user",
    );
  });

  it("takes hand-written merged options without method, baseUrl, headers or mediaType", () => {
    expect(endpoint.parse({ url: "/x" } as MergedOptions)).toStrictEqual({ method: "get", url: "/x", headers: {} });
  });

  it("takes baseUrl: null as no base", () => {
    const merged = { ...endpoint.merge("GET /x"), baseUrl: null } as never;
    expect(endpoint.parse(merged).url).toBe("/x");
  });

  it("leaves undefined parameters out of the body, as endpoint() does", () => {
    expect(endpoint.parse({ method: "POST", url: "/x", a: undefined } as never)).toStrictEqual({
      method: "post",
      url: "/x",
      headers: {},
    });
  });

  it("lowercases header names of hand-written merged options", () => {
    const merged = { ...endpoint.merge("GET /user"), headers: { Accept: "text/html" } } as MergedOptions;
    expect(endpoint.parse(merged).headers).toStrictEqual({ accept: "text/html" });
  });
});

describe("identity", () => {
  it("request is returned exactly as it was passed", () => {
    const request = { signal: new AbortController().signal, hook: () => undefined };
    expect(endpoint("GET /user", { request }).request).toBe(request);
  });

  it("data becomes body unchanged (same reference)", () => {
    const data = { nested: { a: [1] } };
    expect(endpoint("POST /x", { data }).body).toBe(data);
    const bytes = new Uint8Array([0, 255]);
    expect(endpoint("POST /x", { data: bytes }).body).toBe(bytes);
  });

  it("body values are plain data read once from the caller's: lists and plain objects copied, class instances kept", () => {
    const since = new Date(0);
    const config = { url: "u", events: ["push"], since };
    const result = endpoint("POST /hooks", { config });
    const sent = (result.body as { config: typeof config }).config;
    expect(sent).not.toBe(config);
    expect(sent.events).not.toBe(config.events);
    expect(sent).toStrictEqual(config);
    expect(sent.since).toBe(since);
  });
});

describe(".parse() of merged options changed after .merge() parses what they hold", () => {
  // .parse() of what .merge() just wrote reads the merge itself; any change to the object must be seen as a
  // fresh object of the same content is read.
  type Change = (merged: MergedOptions) => void;
  const fn = endpoint.defaults({ headers: { "x-list": ["a", "b"] }, mediaType: { previews: ["mercy"] } });
  const route = "POST /repos/{owner}/{repo}/issues";
  const options = { owner: "o", repo: "r", title: "t", labels: ["bug"] };
  const cases: [rule: string, change: Change][] = [
    [
      "a header value replaced",
      (merged) => {
        merged.headers.accept = "text/plain";
      },
    ],
    [
      "a header added",
      (merged) => {
        merged.headers.authorization = "token t";
      },
    ],
    [
      "a header removed and set again, which moves it last",
      (merged) => {
        const { accept } = merged.headers;
        delete merged.headers.accept;
        merged.headers.accept = accept as string;
      },
    ],
    ["a header list changed in place", (merged) => void (merged.headers["x-list"] as string[]).push("c")],
    [
      "the headers object replaced",
      (merged) => {
        merged.headers = { accept: "text/plain" };
      },
    ],
    ["a preview added in place", (merged) => void merged.mediaType.previews.push("squirrel-girl")],
    [
      "the format set",
      (merged) => {
        merged.mediaType.format = "raw";
      },
    ],
    [
      "the method changed",
      (merged) => {
        merged.method = "PUT";
      },
    ],
    [
      "the url changed",
      (merged) => {
        merged.url = "/repos/{owner}/{repo}/pulls";
      },
    ],
    [
      "the baseUrl changed",
      (merged) => {
        merged.baseUrl = "https://ghe.example/api/v3";
      },
    ],
    [
      "a parameter changed",
      (merged) => {
        merged.title = "other";
      },
    ],
    [
      "a parameter added",
      (merged) => {
        merged.body = "text";
      },
    ],
    ["a parameter removed", (merged) => void delete merged.title],
    ["a list parameter changed in place", (merged) => void (merged.labels as string[]).push("ui")],
    [
      "a request option added",
      (merged) => {
        merged.request = { timeout: 1 };
      },
    ],
  ];
  it.each(cases)("%s", (_, change) => {
    const merged = fn.merge(route, options);
    change(merged);
    const fresh = {
      ...merged,
      headers: { ...merged.headers },
      mediaType: { ...merged.mediaType, previews: [...merged.mediaType.previews] },
    };
    expect(fn.parse(merged)).toStrictEqual(fn.parse(fresh));
  });

  it("a request option added as a property that is not enumerable is read as a fresh copy reads it", () => {
    const merged = fn.merge(route, options);
    const fresh = { ...merged, headers: { ...merged.headers } };
    for (const target of [merged, fresh]) Object.defineProperty(target, "request", { value: { timeout: 5 } });
    expect(fn.parse(merged)).toStrictEqual(fn.parse(fresh));
  });

  it("merged options given another prototype are refused as any such object is", () => {
    const merged = fn.merge(route, options);
    Object.setPrototypeOf(merged, Array.prototype);
    expect(() => fn.parse(merged)).toThrow(expect.objectContaining({ code: "ERR_INVALID_ROUTE" }));
  });

  it("a change that breaks a rule is refused as in any merged options", () => {
    const merged = endpoint.merge("GET /user");
    merged.headers["x-bad"] = "a\nb";
    expect(() => endpoint.parse(merged)).toThrow(expect.objectContaining({ code: "ERR_INVALID_HEADER" }));
  });

  it("unchanged, it parses as endpoint() does", () => {
    expect(fn.parse(fn.merge(route, options))).toStrictEqual(fn(route, options));
  });
});
