// `rest`: the same API as `endpoint` for any REST API, with none of GitHub's conventions.
import { describe, expect, it } from "vitest";
import { endpoint, rest } from "../src/index.js";
import { endpointErrorFrom } from "./helpers/thrown.js";

const api = rest.defaults({ baseUrl: "http://localhost:3000/v1" });

describe("rest carries none of GitHub's conventions", () => {
  it.each([
    {
      rule: "accept is application/json, and no other header is sent",
      call: () => api("GET /widgets/{id}", { id: 42 }),
      expected: { method: "get", url: "http://localhost:3000/v1/widgets/42", headers: { accept: "application/json" } },
    },
    {
      rule: "q is encoded like any other value (GitHub's search reads + as a space; other servers do not)",
      call: () => api("GET /search", { q: "c++", tag: "c++" }),
      expected: {
        method: "get",
        url: "http://localhost:3000/v1/search?q=c%2B%2B&tag=c%2B%2B",
        headers: { accept: "application/json" },
      },
    },
    {
      rule: "a JSON body gets its content-type",
      call: () => api("POST /widgets", { name: "w" }),
      expected: {
        method: "post",
        url: "http://localhost:3000/v1/widgets",
        headers: { accept: "application/json", "content-type": "application/json; charset=utf-8" },
        body: { name: "w" },
      },
    },
    {
      rule: "a format rewrites a vendor media type in the accept header",
      call: () =>
        api("GET /widgets/{id}", {
          id: 1,
          headers: { accept: "application/vnd.example+json" },
          mediaType: { format: "raw" },
        }),
      expected: {
        method: "get",
        url: "http://localhost:3000/v1/widgets/1",
        headers: { accept: "application/vnd.example.raw" },
      },
    },
    {
      rule: "a full url needs no baseUrl",
      call: () => rest("GET https://api.example.com/widgets{?page}", { page: 2 }),
      expected: {
        method: "get",
        url: "https://api.example.com/widgets?page=2",
        headers: { accept: "application/json" },
      },
    },
    {
      rule: "merge() then parse() gives the same, q rule aside too",
      call: () => api.parse(api.merge("GET /search", { q: "a+b" })),
      expected: {
        method: "get",
        url: "http://localhost:3000/v1/search?q=a%2Bb",
        headers: { accept: "application/json" },
      },
    },
    {
      rule: "parse() of merged options written by hand follows rest's conventions",
      call: () =>
        rest.parse({
          method: "GET",
          baseUrl: "https://api.example.com",
          url: "/search",
          headers: {},
          mediaType: {},
          q: "a+b",
        }),
      expected: { method: "get", url: "https://api.example.com/search?q=a%2Bb", headers: {} },
    },
  ])("$rule", ({ call, expected }) => {
    expect(call()).toEqual(expected);
  });

  it("starts from its own defaults", () => {
    expect(rest.DEFAULTS).toEqual({
      method: "GET",
      baseUrl: "",
      headers: { accept: "application/json" },
      mediaType: { format: "", previews: [] },
    });
  });

  it("leaves endpoint's GitHub conventions as they are", () => {
    expect(endpoint("GET /search/issues", { q: "c++" }).url).toBe("https://api.github.com/search/issues?q=c++");
    expect(endpoint.parse(endpoint.merge("GET /search/issues", { q: "c++" })).url).toBe(
      "https://api.github.com/search/issues?q=c++",
    );
    // A merge written by one family and parsed by the other follows the parsing family.
    expect(rest.parse({ ...endpoint.merge("GET /search/issues", { q: "c++" }), headers: {} }).url).toBe(
      "https://api.github.com/search/issues?q=c%2B%2B",
    );
  });
});

describe("rest refuses what has no meaning without GitHub, where it is given", () => {
  it.each([
    {
      rule: "a path url without a baseUrl",
      call: () => rest("GET /widgets"),
      code: "ERR_MISSING_URL",
      message:
        'url "/widgets" is a path and no baseUrl is set; set one, e.g. rest.defaults({ baseUrl: "https://api.example.com" })',
    },
    {
      rule: "the same through merge() and parse()",
      call: () => rest.parse(rest.merge("GET /widgets")),
      code: "ERR_MISSING_URL",
      message:
        'url "/widgets" is a path and no baseUrl is set; set one, e.g. rest.defaults({ baseUrl: "https://api.example.com" })',
    },
    {
      rule: "previews, at the call",
      call: () => api("GET /widgets", { mediaType: { previews: ["mercy"] } }),
      code: "ERR_INVALID_PARAMETER",
      message: `mediaType.previews are GitHub's, and rest follows no GitHub conventions; set the accept header, e.g. headers: { accept: "application/vnd.example.v2+json" }`,
    },
    {
      rule: "previews, in .defaults()",
      call: () => rest.defaults({ mediaType: { previews: ["mercy"] } }),
      code: "ERR_INVALID_PARAMETER",
      message: /^mediaType\.previews are GitHub's/,
    },
    {
      rule: "previews, in merged options given to parse()",
      call: () =>
        rest.parse({
          method: "GET",
          baseUrl: "https://api.example.com",
          url: "/x",
          headers: {},
          mediaType: { previews: ["mercy"] },
        }),
      code: "ERR_INVALID_PARAMETER",
      message: /^mediaType\.previews are GitHub's/,
    },
    {
      rule: "a format with no vendor media type to rewrite",
      call: () => api("GET /widgets", { mediaType: { format: "raw" } }),
      code: "ERR_INVALID_PARAMETER",
      message:
        'mediaType.format "raw" rewrites a vendor media type (application/vnd.<vendor>+json), and accept "application/json" has none; set the accept header',
    },
    {
      rule: "a format with the accept header removed",
      call: () => api("GET /widgets", { headers: { accept: null }, mediaType: { format: "raw" } }),
      code: "ERR_INVALID_PARAMETER",
      message: /and there is no accept header; set the accept header/,
    },
  ])("$rule", ({ call, code, message }) => {
    expect(endpointErrorFrom(call, code).message).toMatch(message);
  });
});
