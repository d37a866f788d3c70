// nextPage(): the request for the next page from this page's request options and its Link header.
import { describe, expect, it } from "vitest";
import { endpoint, nextPage, type RequestOptions } from "../src/index.js";
import { confirmedGrowth } from "./helpers/linear.js";
import { endpointErrorFrom } from "./helpers/thrown.js";

const reader = endpoint.defaults({ headers: { authorization: "token t" }, per_page: 100 });
const first = reader("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js" });
const page = (n: number) => `https://api.github.com/repos/octokit/rest.js/issues?per_page=100&page=${n}`;

describe("the next url is the Link header's rel=next target", () => {
  it.each<[rule: string, link: string | null | undefined, next: string | undefined]>([
    ["GitHub's header, next first", `<${page(2)}>; rel="next", <${page(5)}>; rel="last"`, page(2)],
    ["next after other links", `<${page(1)}>; rel="prev", <${page(3)}>; rel="next"`, page(3)],
    ["a rel that is a token, not quoted", `<${page(2)}>; rel=next`, page(2)],
    ["a rel of several relation types", `<${page(2)}>; rel="next last"`, page(2)],
    ["any case of rel and its value", `<${page(2)}>; REL="Next"`, page(2)],
    ["spaces and tabs around the parts", ` <${page(2)}> ;\trel = "next" `, page(2)],
    ["a comma inside a quoted parameter does not end the link", `<${page(1)}>; title="a, b"; rel="next"`, page(1)],
    ["an escaped quote inside a quoted parameter", `<${page(1)}>; title="a \\" b"; rel="next"`, page(1)],
    ["only the first rel parameter of a link counts", `<${page(1)}>; rel="prev"; rel="next"`, undefined],
    [
      "a relative target, resolved against this page's url",
      `</repos/octokit/rest.js/issues?page=2>; rel="next"`,
      "https://api.github.com/repos/octokit/rest.js/issues?page=2",
    ],
    ["the last page: no rel=next", `<${page(1)}>; rel="first", <${page(4)}>; rel="prev"`, undefined],
    ["no Link header (null, as Headers.get gives it)", null, undefined],
    ["no Link header (undefined)", undefined, undefined],
    ["an empty header", "", undefined],
    ["a header with no target", 'rel="next"', undefined],
    ["a target never closed", `<${page(2)}; rel="next"`, undefined],
  ])("%s", (_, link, next) => {
    expect(nextPage(first, link)?.url).toBe(next);
  });
});

describe("the next request is this one for the next page, and nothing more", () => {
  const link = `<${page(2)}>; rel="next"`;

  it("keeps the method, headers and request options, and its query is the link's alone", () => {
    const options = reader("GET /repos/{owner}/{repo}/issues", {
      owner: "octokit",
      repo: "rest.js",
      request: { timeout: 5 },
    });
    expect(nextPage(options, link)).toStrictEqual({
      method: "get",
      url: page(2),
      headers: options.headers,
      request: { timeout: 5 },
    });
  });

  it("does not add the defaults' per_page again, as endpoint({ url: next }) through .defaults() does", () => {
    expect(reader({ url: page(2) }).url).toBe(`${page(2)}&per_page=100`);
    expect(nextPage(first, link)?.url).toBe(page(2));
  });

  it("copies the headers: changing the next request's leaves this one's alone", () => {
    const options: RequestOptions = { ...first, headers: { ...first.headers, "x-list": ["a"] } };
    const next = nextPage(options, link) as RequestOptions;
    (next.headers["x-list"] as string[]).push("b");
    next.headers.extra = "1";
    expect(options.headers).toStrictEqual({ ...first.headers, "x-list": ["a"] });
  });

  it("follows pages until the last, as a loop does", () => {
    const links = [`<${page(2)}>; rel="next"`, `<${page(3)}>; rel="next"`, `<${page(1)}>; rel="first"`];
    const urls: string[] = [];
    let options: RequestOptions | undefined = first;
    for (const header of links) {
      urls.push(options.url);
      options = nextPage(options, header);
      if (options === undefined) break;
    }
    expect(urls).toStrictEqual([first.url, page(2), page(3)]);
  });
});

describe("bad input is refused where it is given", () => {
  it.each<[rule: string, run: () => unknown, code: string, message: string]>([
    [
      "a next url on another origin, which this request's headers would go to",
      () => nextPage(first, '<https://evil.example/x>; rel="next"'),
      "ERR_INVALID_HEADER",
      'the Link header\'s next url "https://evil.example/x" is not on "https://api.github.com", where this request went, and its headers (authorization included) would go with it; follow that url yourself if you trust it',
    ],
    [
      "a next url on another scheme of the same host",
      () => nextPage(first, '<http://api.github.com/x>; rel="next"'),
      "ERR_INVALID_HEADER",
      'is not on "https://api.github.com"',
    ],
    [
      "a next url that is not a url",
      () => nextPage(first, '<https://a b:x>; rel="next"'),
      "ERR_INVALID_HEADER",
      'the Link header\'s next url "https://a b:x" is not a url',
    ],
    [
      "a next url that is not http(s), though its origin is the request's (blob:)",
      () => nextPage(first, '<blob:https://api.github.com/x>; rel="next"'),
      "ERR_INVALID_HEADER",
      'the Link header\'s next url "blob:https://api.github.com/x" is not an http(s) url',
    ],
    [
      "a next url with credentials, which fetch refuses",
      () => nextPage(first, '<https://user:pw@api.github.com/x>; rel="next"'),
      "ERR_INVALID_HEADER",
      "holds credentials, which fetch() refuses",
    ],
    [
      "a Link header that is not text",
      () => nextPage(first, 42 as never),
      "ERR_INVALID_HEADER",
      'the Link header is number; pass the header\'s text, e.g. response.headers.get("link")',
    ],
    [
      "request options that are not an object",
      () => nextPage("https://api.github.com" as never, ""),
      "ERR_MISSING_URL",
      "nextPage() needs the request options of the page you fetched, got string",
    ],
    [
      "request options without a full url",
      () => nextPage({ ...first, url: "/repos" }, ""),
      "ERR_INVALID_ROUTE",
      'nextPage() needs request options with a full http(s) url, got "/repos"',
    ],
  ])("%s", (_, run, code, message) => {
    expect(endpointErrorFrom(run, code).message).toContain(message);
  });
});

describe("a Link header costs linear time", () => {
  it.each<[string, (n: number) => string]>([
    ["many links without rel=next", (n) => `<${page(1)}>; rel="prev", `.repeat(n / 40)],
    ["one long quoted parameter", (n) => `<${page(1)}>; title="${"a".repeat(n)}"; rel="next"`],
    ["many < never closed", (n) => "<".repeat(n)],
    ["many ; with no value", (n) => `<${page(1)}>${";".repeat(n)}`],
  ])("%s", (_, header) => {
    const work = (n: number) => {
      const text = header(n);
      return () => nextPage(first, text);
    };
    expect(confirmedGrowth(work, 100_000 / 8, 8, 32)).toBeLessThan(32);
  });
});
