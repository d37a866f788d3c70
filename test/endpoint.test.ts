// Every rule of docs/design.md that endpoint() answers, one named case each ("SPEC:" marks the specification's own examples).
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { FormData as UndiciFormData } from "undici";
import { describe, expect, it } from "vitest";
import {
  type Endpoint,
  EndpointError,
  type EndpointOptions,
  endpoint,
  parseTemplate,
  type RequestOptions,
  rest,
  toFetch,
} from "../src/index.js";
import { fuzz } from "./helpers/fuzz.js";
import { endpointErrorFrom } from "./helpers/thrown.js";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};
const USER_AGENT = `endpoint-options/${version}`;
const ACCEPT = "application/vnd.github.v3+json";
const JSON_TYPE = "application/json; charset=utf-8";

/** The default headers, with extra ones after them. */
function headers(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { accept: ACCEPT, "user-agent": USER_AGENT, ...extra };
}

interface Case {
  rule: string;
  /** Defaults applied with `.defaults()`, one level each, before the call. */
  defaults?: EndpointOptions[];
  route?: string;
  options?: EndpointOptions;
  expected: RequestOptions | Record<string, unknown>;
}

function call({ defaults = [], route, options }: Omit<Case, "rule" | "expected">): RequestOptions {
  const fn = defaults.reduce<Endpoint>((current, level) => current.defaults(level), endpoint);
  return route === undefined ? fn(options ?? {}) : fn(route, options);
}

const spec: Case[] = [
  {
    rule: "SPEC: the README example: path filled, leftover GET parameter in the query, method lowercase",
    route: "GET /repos/{owner}/{repo}/issues",
    options: { owner: "octokit", repo: "rest.js", state: "open" },
    expected: {
      method: "get",
      url: "https://api.github.com/repos/octokit/rest.js/issues?state=open",
      headers: headers(),
    },
  },
  {
    rule: "SPEC: a route holding only a url defaults to GET",
    route: "/user",
    expected: { method: "get", url: "https://api.github.com/user", headers: headers() },
  },
  {
    rule: "SPEC: without a route, options.url is used and method defaults to GET",
    options: { url: "/repos/{owner}/{repo}", owner: "o", repo: "r" },
    expected: { method: "get", url: "https://api.github.com/repos/o/r", headers: headers() },
  },
  {
    rule: "SPEC: without a route, options.method is used",
    options: { method: "POST", url: "/markdown", text: "# hi" },
    expected: {
      method: "post",
      url: "https://api.github.com/markdown",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { text: "# hi" },
    },
  },
  {
    rule: "SPEC: HEAD leftovers go to the query",
    route: "HEAD /repos/{owner}/{repo}",
    options: { owner: "o", repo: "r", ref: "main" },
    expected: { method: "head", url: "https://api.github.com/repos/o/r?ref=main", headers: headers() },
  },
  {
    rule: "SPEC: POST leftovers become the JSON body",
    route: "POST /repos/{owner}/{repo}/issues",
    options: { owner: "o", repo: "r", title: "Found a bug", labels: ["bug"] },
    expected: {
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { title: "Found a bug", labels: ["bug"] },
    },
  },
  {
    rule: "SPEC: PATCH leftovers become the JSON body",
    route: "PATCH /repos/{owner}/{repo}/issues/{issue_number}",
    options: { owner: "o", repo: "r", issue_number: 1, state: "closed" },
    expected: {
      method: "patch",
      url: "https://api.github.com/repos/o/r/issues/1",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { state: "closed" },
    },
  },
  {
    rule: "SPEC: DELETE leftovers become the JSON body",
    route: "DELETE /repos/{owner}/{repo}/labels",
    options: { owner: "o", repo: "r", labels: ["a"] },
    expected: {
      method: "delete",
      url: "https://api.github.com/repos/o/r/labels",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { labels: ["a"] },
    },
  },
  {
    rule: "SPEC: caller headers are merged with the default headers, names lowercased",
    route: "GET /user",
    options: { headers: { Authorization: "token secret", "X-GitHub-Api-Version": "2022-11-28" } },
    expected: {
      method: "get",
      url: "https://api.github.com/user",
      headers: headers({ authorization: "token secret", "x-github-api-version": "2022-11-28" }),
    },
  },
  {
    rule: "SPEC: a raw body is set with data and becomes body; a caller accept replaces the default, user-agent stays",
    route: "POST /markdown/raw",
    options: { data: "Hello **world**", headers: { "content-type": "text/plain; charset=utf-8", accept: "text/html" } },
    expected: {
      method: "post",
      url: "https://api.github.com/markdown/raw",
      headers: { accept: "text/html", "user-agent": USER_AGENT, "content-type": "text/plain; charset=utf-8" },
      body: "Hello **world**",
    },
  },
  {
    rule: "SPEC: query and body together: {?name,label} filled from options, data is the body, full url keeps its host",
    route: "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    options: {
      owner: "o",
      repo: "r",
      release_id: 1,
      name: "app v1.zip",
      label: "The app",
      data: "zip bytes",
      headers: { "content-type": "application/zip", "content-length": 9, authorization: "token t" },
    },
    expected: {
      method: "post",
      url: "https://uploads.github.com/repos/o/r/releases/1/assets?name=app%20v1.zip&label=The%20app",
      headers: headers({ "content-type": "application/zip", "content-length": 9, authorization: "token t" }),
      body: "zip bytes",
    },
  },
  {
    rule: "SPEC: a full url uses its own host, not baseUrl",
    defaults: [{ baseUrl: "https://github.example.com/api/v3" }],
    route: "GET https://api.github.com/meta",
    expected: { method: "get", url: "https://api.github.com/meta", headers: headers() },
  },
  {
    rule: "SPEC: authorization passed as a header with the token scheme is carried, name lowercased",
    route: "GET /user",
    options: { headers: { AUTHORIZATION: "token abc" } },
    expected: { method: "get", url: "https://api.github.com/user", headers: headers({ authorization: "token abc" }) },
  },
  {
    rule: "SPEC: authorization set through .defaults() applies to every call",
    defaults: [{ headers: { authorization: "token abc" } }],
    route: "GET /user",
    expected: { method: "get", url: "https://api.github.com/user", headers: headers({ authorization: "token abc" }) },
  },
  {
    rule: "SPEC: per_page set through .defaults() routes as a query parameter on GET",
    defaults: [{ per_page: 100 }],
    route: "GET /orgs/{org}/repos",
    options: { org: "octokit" },
    expected: { method: "get", url: "https://api.github.com/orgs/octokit/repos?per_page=100", headers: headers() },
  },
  {
    rule: "SPEC: per_page set through .defaults() routes as a query parameter on HEAD",
    defaults: [{ per_page: 100 }],
    route: "HEAD /orgs/{org}/repos",
    options: { org: "octokit" },
    expected: { method: "head", url: "https://api.github.com/orgs/octokit/repos?per_page=100", headers: headers() },
  },
  {
    rule: "SPEC: a parameter passed in the call replaces the same parameter set through .defaults()",
    defaults: [{ per_page: 100 }],
    route: "GET /orgs/{org}/repos",
    options: { org: "octokit", per_page: 10 },
    expected: { method: "get", url: "https://api.github.com/orgs/octokit/repos?per_page=10", headers: headers() },
  },
  {
    rule: "SPEC: defaults cascade: later levels add to or override earlier ones; headers of every level apply",
    defaults: [
      { baseUrl: "https://github.example.com/api/v3", headers: { "x-level": "1", "x-first": "a" }, per_page: 100 },
      { headers: { "x-level": "2" }, per_page: 50, sort: "updated" },
    ],
    route: "GET /orgs/{org}/repos",
    options: { org: "octokit", headers: { "x-call": "yes" } },
    expected: {
      method: "get",
      url: "https://github.example.com/api/v3/orgs/octokit/repos?per_page=50&sort=updated",
      headers: headers({ "x-level": "2", "x-first": "a", "x-call": "yes" }),
    },
  },
  {
    rule: "SPEC: the request option is returned in the result",
    route: "GET /user",
    options: { request: { timeout: 5000 } },
    expected: { method: "get", url: "https://api.github.com/user", headers: headers(), request: { timeout: 5000 } },
  },
  {
    rule: "SPEC: mediaType.format amends accept",
    route: "GET /repos/{owner}/{repo}/contents/{path}",
    options: { owner: "o", repo: "r", path: "README.md", mediaType: { format: "raw" } },
    expected: {
      method: "get",
      url: "https://api.github.com/repos/o/r/contents/README.md",
      headers: { accept: "application/vnd.github.v3.raw", "user-agent": USER_AGENT },
    },
  },
  {
    rule: "SPEC: mediaType.previews amends accept",
    route: "GET /repos/{owner}/{repo}/topics",
    options: { owner: "o", repo: "r", mediaType: { previews: ["mercy"] } },
    expected: {
      method: "get",
      url: "https://api.github.com/repos/o/r/topics",
      headers: { accept: "application/vnd.github.mercy-preview+json", "user-agent": USER_AGENT },
    },
  },
  {
    rule: "SPEC: previews from .defaults() are merged with the call's",
    defaults: [{ mediaType: { previews: ["symmetra"] } }],
    route: "GET /repos/{owner}/{repo}/labels",
    options: { owner: "o", repo: "r", mediaType: { previews: ["scarlet-witch"] } },
    expected: {
      method: "get",
      url: "https://api.github.com/repos/o/r/labels",
      headers: {
        accept: "application/vnd.github.symmetra-preview+json,application/vnd.github.scarlet-witch-preview+json",
        "user-agent": USER_AGENT,
      },
    },
  },
];

const routing: Case[] = [
  {
    rule: "a url that a {/host} completes to http:// is a full url",
    route: "GET http:/{/host}/x",
    options: { host: "example.com" },
    expected: { method: "get", url: "http://example.com/x", headers: headers() },
  },
  {
    rule: "only http:// and https:// make a full url: xttp:// and httx:// are paths",
    route: "GET xttp://host/{+x}",
    options: { x: "httx://host/x" },
    expected: { method: "get", url: "https://api.github.com/xttp://host/httx://host/x", headers: headers() },
  },
  {
    rule: "a url starting httx:// is a path",
    route: "GET httx://host/x",
    expected: { method: "get", url: "https://api.github.com/httx://host/x", headers: headers() },
  },
  {
    rule: ":name is not read after a {#f} that starts the fragment",
    route: "GET /x{#f}:y",
    options: { f: "a" },
    expected: { method: "get", url: "https://api.github.com/x#a:y", headers: headers() },
  },
  {
    rule: "a list member of . or .. joined by commas into one segment climbs nothing",
    route: "GET /x/{a*}{/b}",
    options: { a: ["..", "b"], b: [".", "c"] },
    expected: { method: "get", url: "https://api.github.com/x/..,b/.,c", headers: headers() },
  },
  {
    rule: "a url that starts with a value is joined to the base with one /",
    route: "GET {p}/x",
    options: { p: "a" },
    expected: { method: "get", url: "https://api.github.com/a/x", headers: headers() },
  },
  {
    rule: ":name ends where a { starts",
    route: "GET /:a{b}",
    options: { a: 1, b: 2 },
    expected: { method: "get", url: "https://api.github.com/12", headers: headers() },
  },
  {
    rule: ":name is read from the url's first character when it has no scheme",
    route: "GET x:y/z",
    options: { y: 1 },
    expected: { method: "get", url: "https://api.github.com/x1/z", headers: headers() },
  },
  {
    rule: ":name may start with _",
    route: "GET /x/:_id",
    options: { _id: 1 },
    expected: { method: "get", url: "https://api.github.com/x/1", headers: headers() },
  },
  {
    rule: ":name is not read after a {/x} in the query, nor after a {#f}",
    route: "GET /x?a{/y}:z{#f}:g",
    options: { y: "b", f: "c" },
    expected: { method: "get", url: "https://api.github.com/x?a/b:z#c:g", headers: headers() },
  },
  {
    rule: "a scheme of letters, digits, +, - and . keeps :port in its authority; only http and https urls are full urls",
    route: "GET svn+ssh.a-1://host:port/y",
    expected: { method: "get", url: "https://api.github.com/svn+ssh.a-1://host:port/y", headers: headers() },
  },
  {
    rule: "a scheme that holds an expression is a scheme all the same: :name is not read in the authority after it",
    route: "GET http{s}://user:pass@ghe.example.com/:x",
    options: { s: "s", x: "y" },
    expected: { method: "get", url: "https://user:pass@ghe.example.com/y", headers: headers() },
  },
  {
    rule: "a {/x} cannot stand in a scheme (it writes a /): the url is a path, and its :name is read",
    route: "GET a{/b}://h:c/x",
    options: { b: "p", c: "v" },
    expected: { method: "get", url: "https://api.github.com/a/p://hv/x", headers: headers() },
  },
  {
    rule: "a url that is not http or https is a path, joined to the base",
    route: "GET file://host/x",
    expected: { method: "get", url: "https://api.github.com/file://host/x", headers: headers() },
  },
  {
    rule: "a url that a {/host} completes to https:// is a full url",
    route: "GET https:/{/host}/x",
    options: { host: "example.com" },
    expected: { method: "get", url: "https://example.com/x", headers: headers() },
  },
  {
    rule: "a host followed by @ in the path is a host",
    route: "GET https://{h}/@x",
    options: { h: "a" },
    expected: { method: "get", url: "https://a/@x", headers: headers() },
  },
  {
    rule: "a dot segment the url itself writes stays, even beside an empty {/x}",
    route: "GET /.{/x}",
    options: { x: "" },
    expected: { method: "get", url: "https://api.github.com/./", headers: headers() },
  },
  {
    rule: "a .. after the ? that a {+p} value writes is in the query, not the path",
    route: "GET /x/{+p}",
    options: { p: "a?b=/../#f" },
    expected: { method: "get", url: "https://api.github.com/x/a?b=/../#f", headers: headers() },
  },
  {
    rule: "a url that names an option still fills its other variables",
    route: "GET /x/{owner}{?baseUrl}",
    options: { owner: "o" },
    expected: { method: "get", url: "https://api.github.com/x/o", headers: headers() },
  },
  {
    rule: "methods are accepted in any case",
    route: "pAtCh /user",
    options: { bio: "x" },
    expected: {
      method: "patch",
      url: "https://api.github.com/user",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { bio: "x" },
    },
  },
  {
    rule: "OPTIONS has no body (docs/design.md: a body only for PATCH, POST, PUT, DELETE): leftovers go to the query",
    defaults: [{ per_page: 100 }],
    route: "OPTIONS /user",
    options: { x: 1, y: null },
    expected: { method: "options", url: "https://api.github.com/user?per_page=100&x=1", headers: headers() },
  },
  {
    rule: "a baseUrl ending in several slashes and a url starting with several join with exactly one /",
    route: "GET //user//",
    options: { baseUrl: "https://github.example.com/api/v3//" },
    expected: { method: "get", url: "https://github.example.com/api/v3/user//", headers: headers() },
  },
  {
    rule: "slashes a value expands to are the caller's data: only the url's own literal slashes collapse",
    route: "GET {+path}",
    options: { path: "//user" },
    expected: { method: "get", url: "https://api.github.com//user", headers: headers() },
  },
  {
    rule: "an empty path value leaves an empty segment, even at the start of the path",
    route: "GET /{owner}/repos",
    options: { owner: "" },
    expected: { method: "get", url: "https://api.github.com//repos", headers: headers() },
  },
  {
    rule: "method and url may be separated by several spaces",
    route: "GET    /user",
    expected: { method: "get", url: "https://api.github.com/user", headers: headers() },
  },
  {
    rule: "options given with a route override its method and url",
    route: "GET /user",
    options: { method: "POST", url: "/user/repos", name: "r" },
    expected: {
      method: "post",
      url: "https://api.github.com/user/repos",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { name: "r" },
    },
  },
  {
    rule: "full url: https:// in any case ignores baseUrl",
    route: "GET HTTPS://example.com/x",
    expected: { method: "get", url: "HTTPS://example.com/x", headers: headers() },
  },
  {
    rule: "full url: http:// ignores baseUrl",
    route: "GET http://127.0.0.1:8080/x",
    expected: { method: "get", url: "http://127.0.0.1:8080/x", headers: headers() },
  },
  {
    rule: "full url: a url that expands to http(s):// ignores baseUrl",
    route: "GET {+server}/meta",
    options: { server: "https://ghe.example.com/api/v3" },
    expected: { method: "get", url: "https://ghe.example.com/api/v3/meta", headers: headers() },
  },
  {
    rule: "full url: a value may complete the scheme the url starts with (http{s}://) and baseUrl is ignored",
    route: "GET http{s}://ghe.example.com/meta",
    options: { s: "s" },
    expected: { method: "get", url: "https://ghe.example.com/meta", headers: headers() },
  },
  {
    rule: "full url: a url that starts like one (HTTP{s}) but whose values make no scheme is joined to baseUrl",
    route: "GET HTTP{s}/meta",
    options: { s: "s" },
    expected: { method: "get", url: "https://api.github.com/HTTPs/meta", headers: headers() },
  },
  {
    rule: "baseUrl and path are joined with exactly one / (both have one)",
    defaults: [{ baseUrl: "https://ghe.example.com/api/v3/" }],
    route: "GET /user",
    expected: { method: "get", url: "https://ghe.example.com/api/v3/user", headers: headers() },
  },
  {
    rule: "baseUrl and path are joined with exactly one / (neither has one)",
    defaults: [{ baseUrl: "https://ghe.example.com/api/v3" }],
    route: "GET user",
    expected: { method: "get", url: "https://ghe.example.com/api/v3/user", headers: headers() },
  },
  {
    rule: "a trailing slash the caller wrote is kept",
    route: "GET /repos/{owner}/{repo}/contents/",
    options: { owner: "o", repo: "r" },
    expected: { method: "get", url: "https://api.github.com/repos/o/r/contents/", headers: headers() },
  },
  {
    rule: ":name placeholders expand like {name}",
    route: "GET /repos/:owner/:repo/compare/:base...:head",
    options: { owner: "o", repo: "r", base: "main", head: "feature/x" },
    expected: {
      method: "get",
      url: "https://api.github.com/repos/o/r/compare/main...feature%2Fx",
      headers: headers(),
    },
  },
  {
    rule: ":name expands an object as {name} does: unexploded, key,value",
    route: "GET /x/:a",
    options: { a: { k: "v" } },
    expected: { method: "get", url: "https://api.github.com/x/k,v", headers: headers() },
  },
  {
    rule: ":name may start uppercase and be one letter",
    route: "GET /a/:A/:b",
    options: { A: 1, b: 2 },
    expected: { method: "get", url: "https://api.github.com/a/1/2", headers: headers() },
  },
  {
    rule: ":name is not read in the query",
    route: "GET /search/repositories?q=repo:octokit/rest.js",
    options: { per_page: 1 },
    expected: {
      method: "get",
      url: "https://api.github.com/search/repositories?q=repo:octokit/rest.js&per_page=1",
      headers: headers(),
    },
  },
  {
    rule: ":name is not read in the authority (host:port, user:pass@)",
    route: "GET https://user:pass@ghe.example.com:8443/api/:version",
    options: { version: "v3" },
    expected: { method: "get", url: "https://user:pass@ghe.example.com:8443/api/v3", headers: headers() },
  },
  {
    rule: ":name is not read in the fragment",
    route: "GET /x#frag:y",
    expected: { method: "get", url: "https://api.github.com/x#frag:y", headers: headers() },
  },
  {
    rule: "optional forms expand to nothing when undefined: {/name}, {?a,b}, {+path}",
    route: "GET /base{/name}{?a,b}",
    options: { a: "1" },
    expected: { method: "get", url: "https://api.github.com/base?a=1", headers: headers() },
  },
  {
    rule: "url variable names may contain - ({enterprise-team})",
    route: "GET /enterprises/{enterprise}/teams/{enterprise-team}",
    options: { enterprise: "e", "enterprise-team": "t" },
    expected: { method: "get", url: "https://api.github.com/enterprises/e/teams/t", headers: headers() },
  },
  {
    rule: "{x} encodes /; {+x} keeps reserved characters",
    route: "GET /repos/{owner}/{repo}/contents/{+path}{?ref}",
    options: { owner: "o", repo: "r", path: "docs/a b.md", ref: "feature/x" },
    expected: {
      method: "get",
      url: "https://api.github.com/repos/o/r/contents/docs/a%20b.md?ref=feature%2Fx",
      headers: headers(),
    },
  },
  {
    rule: "url variables never reach the query or body, even when undefined",
    route: "POST /repos/{owner}/{repo}/issues{?since}",
    options: { owner: "o", repo: "r", title: "t" },
    expected: {
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { title: "t" },
    },
  },
  {
    rule: "path values are encoded by RFC 6570, Unicode as UTF-8",
    route: "GET /users/{username}",
    options: { username: "ñandú ☃" },
    expected: { method: "get", url: "https://api.github.com/users/%C3%B1and%C3%BA%20%E2%98%83", headers: headers() },
  },
];

const query: Case[] = [
  {
    rule: "a call parameter replaces its default however many parameters the call has, first or last",
    defaults: [{ a: 1 }],
    route: "GET /x",
    options: { a: 2, ...Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i])) },
    expected: {
      method: "get",
      url: `https://api.github.com/x?a=2&${Array.from({ length: 17 }, (_, i) => `k${i}=${i}`).join("&")}`,
      headers: headers(),
    },
  },
  {
    rule: "a real Date is written by its time even without a prototype or with its own toStringTag",
    route: "GET /x",
    options: {
      bare: Object.setPrototypeOf(new Date(Date.UTC(2024, 0, 2)), null) as Date,
      tagged: Object.assign(new Date(Date.UTC(2024, 0, 3)), { [Symbol.toStringTag]: "Moment" }),
    },
    expected: {
      method: "get",
      url: "https://api.github.com/x?bare=2024-01-02T00%3A00%3A00.000Z&tagged=2024-01-03T00%3A00%3A00.000Z",
      headers: headers(),
    },
  },
  {
    rule: "an undefined member of a query list is left out, as null is",
    route: "GET /x",
    options: { a: [1, undefined, null, 2] },
    expected: { method: "get", url: "https://api.github.com/x?a=1,2", headers: headers() },
  },
  {
    rule: "q encodes a % even before two hex digits: its value is text, not an encoded url",
    route: "GET /search/issues",
    options: { q: "%41+is" },
    expected: { method: "get", url: "https://api.github.com/search/issues?q=%2541+is", headers: headers() },
  },
  {
    rule: "a call parameter replaces its default however many parameters the call has",
    defaults: [{ a: 1 }],
    route: "GET /x",
    options: { ...Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, i])), a: 2 },
    expected: {
      method: "get",
      url: `https://api.github.com/x?a=2&${Array.from({ length: 17 }, (_, i) => `k${i}=${i}`).join("&")}`,
      headers: headers(),
    },
  },
  {
    rule: "a parameter named undefined is a parameter like any other",
    route: "GET /x",
    options: { undefined: 5 },
    expected: { method: "get", url: "https://api.github.com/x?undefined=5", headers: headers() },
  },
  {
    rule: "query order is the merged options' key order: defaults first, then the call's new keys",
    defaults: [{ per_page: 100, sort: "created" }],
    route: "GET /issues",
    options: { state: "all", sort: "updated" },
    expected: {
      method: "get",
      url: "https://api.github.com/issues?per_page=100&sort=updated&state=all",
      headers: headers(),
    },
  },
  {
    rule: "query keys and values are encoded with encodeURIComponent",
    route: "GET /x",
    options: { "a b": "c&d=e/f?", "ü!": "(*)'~" },
    expected: {
      method: "get",
      url: "https://api.github.com/x?a%20b=c%26d%3De%2Ff%3F&%C3%BC!=(*)'~",
      headers: headers(),
    },
  },
  {
    rule: "query parameters are appended with & when the url already has ?",
    route: "GET /x?fixed=1",
    options: { extra: 2 },
    expected: { method: "get", url: "https://api.github.com/x?fixed=1&extra=2", headers: headers() },
  },
  {
    rule: "query parameters follow a {?a} expression with &",
    route: "GET /x{?a}",
    options: { a: 1, b: 2 },
    expected: { method: "get", url: "https://api.github.com/x?a=1&b=2", headers: headers() },
  },
  {
    rule: "numbers, bigints and booleans are written with String()",
    route: "GET /x",
    options: { n: 1.5, big: 10n ** 20n, yes: true, no: false },
    expected: {
      method: "get",
      url: "https://api.github.com/x?n=1.5&big=100000000000000000000&yes=true&no=false",
      headers: headers(),
    },
  },
  {
    rule: "a bigint in a url variable is written as its digits, as in the query (v7 wrote nothing)",
    route: "GET /repos/{owner}/{repo}/issues/{issue_number}",
    options: { owner: "o", repo: "r", issue_number: 12345678901234567890n },
    expected: {
      method: "get",
      url: "https://api.github.com/repos/o/r/issues/12345678901234567890",
      headers: headers(),
    },
  },
  {
    rule: "a Date is written as ISO 8601",
    route: "GET /notifications",
    options: { since: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)) },
    expected: {
      method: "get",
      url: "https://api.github.com/notifications?since=2024-01-02T03%3A04%3A05.000Z",
      headers: headers(),
    },
  },
  {
    rule: "a Date from another realm (an iframe, a vm context, a test sandbox) is a Date too, in the path, the query and its lists",
    route: "GET /x/{day}",
    options: {
      day: runInNewContext("new Date(Date.UTC(2024, 0, 2))") as Date,
      since: runInNewContext("new Date(Date.UTC(2024, 0, 2, 3, 4, 5))") as Date,
      days: runInNewContext("[new Date(Date.UTC(2024, 0, 2))]") as Date[],
    },
    expected: {
      method: "get",
      url: "https://api.github.com/x/2024-01-02T00%3A00%3A00.000Z?since=2024-01-02T03%3A04%3A05.000Z&days=2024-01-02T00%3A00%3A00.000Z",
      headers: headers(),
    },
  },
  {
    rule: "after accept: null a format has nothing to amend: accept stays removed",
    defaults: [{ headers: { accept: null } }],
    route: "GET /x",
    options: { mediaType: { format: "raw" } },
    expected: { method: "get", url: "https://api.github.com/x", headers: { "user-agent": USER_AGENT } },
  },
  {
    rule: "after accept: null previews bring an accept back, holding only them",
    defaults: [{ headers: { accept: null } }],
    route: "GET /x",
    options: { mediaType: { previews: ["mercy"] } },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: { "user-agent": USER_AGENT, accept: "application/vnd.github.mercy-preview+json" },
    },
  },
  {
    rule: "data: null on POST is the body null, labelled JSON, and no other parameter is sent (as in @octokit/endpoint)",
    route: "POST /x",
    options: { data: null, title: "t" },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": JSON_TYPE }),
      body: null,
    },
  },
  {
    rule: "a Date subclass of this realm writes itself with its own toISOString",
    route: "GET /x",
    options: {
      since: new (class extends Date {
        override toISOString(): string {
          return "2024-01-01";
        }
      })(0),
    },
    expected: { method: "get", url: "https://api.github.com/x?since=2024-01-01", headers: headers() },
  },
  {
    rule: "a port or user:pass@ placeholder may expand to nothing (only the host's simple placeholders are required)",
    route: "GET http://{user}:{pass}@localhost:{port}/api",
    options: {},
    expected: { method: "get", url: "http://:@localhost:/api", headers: headers() },
  },
  {
    rule: "a host's simple placeholder is required only in an http(s) url: another scheme's authority is path",
    route: "GET ftp://{host}/x",
    options: {},
    expected: { method: "get", url: "https://api.github.com/ftp:///x", headers: headers() },
  },
  {
    rule: "a placeholder after the host's :port, or in the userinfo, may expand to nothing",
    route: "GET https://{user}:{pass}@{host}:{port}/x",
    options: { host: "h" },
    expected: { method: "get", url: "https://:@h:/x", headers: headers() },
  },
  // Review AD: the scheme, authority and host rules, each row failing on a mutant of them.
  {
    rule: "a {%XX} stands in a scheme",
    route: "GET http{%73}://{host}/x",
    options: { host: "a" },
    expected: { method: "get", url: "http://a/x", headers: headers() },
  },
  {
    rule: "a {-x} stands in a scheme",
    route: "GET http{-s}://{host}/x",
    options: { host: "a" },
    expected: { method: "get", url: "http://a/x", headers: headers() },
  },
  {
    rule: "a {.x} stands in a scheme: the user:pass@ after it is authority, not a :name",
    route: "GET http{.x}://u:pw@example.com/x",
    options: {},
    expected: { method: "get", url: "http://u:pw@example.com/x", headers: headers() },
  },
  {
    rule: "a literal & in the userinfo does not end the authority: the userinfo stays optional",
    route: "GET https://a&{u}@{h}/y",
    options: { h: "h" },
    expected: { method: "get", url: "https://a&@h/y", headers: headers() },
  },
  {
    rule: "userinfo right before a {&x} stays optional",
    route: "GET https://{u}@{&x}/y",
    options: { x: 1 },
    expected: { method: "get", url: "https://@&x=1/y", headers: headers() },
  },
  {
    rule: "a simple {b} in a full url's query is optional",
    route: "GET https://example.com/x?a={b}",
    options: {},
    expected: { method: "get", url: "https://example.com/x?a=", headers: headers() },
  },
  {
    rule: "a relative url that starts with {/x} is joined to the base, not checked for a host",
    route: "GET {/x}/y",
    options: { x: "a" },
    expected: { method: "get", url: "https://api.github.com/a/y", headers: headers() },
  },
  {
    rule: "GitHub search's q keeps + in a list too",
    route: "GET /search/issues",
    options: { q: ["repo:a/b+is:open", "x"] },
    expected: {
      method: "get",
      url: "https://api.github.com/search/issues?q=repo%3Aa%2Fb+is%3Aopen,x",
      headers: headers(),
    },
  },
  {
    rule: "GitHub search's q keeps + in a number's text",
    route: "GET /search/issues",
    options: { q: 1e21 },
    expected: { method: "get", url: "https://api.github.com/search/issues?q=1e+21", headers: headers() },
  },
  {
    rule: "a host value of .. is a host, as URL parsers read it: sent, not a dot segment",
    route: "GET https://{h}/x/{+p}",
    options: { h: "..", p: "a" },
    expected: { method: "get", url: "https://../x/a", headers: headers() },
  },
  {
    rule: "an empty host value beside a literal dot leaves the host ., not a dot segment",
    route: "GET https://.{h}/x{.e}",
    options: { h: "", e: "json" },
    expected: { method: "get", url: "https://./x.json", headers: headers() },
  },
  {
    rule: "a host value of .. is a host when a {?q} follows too",
    route: "GET https://{h}/x{?q}/b",
    options: { h: ".." },
    expected: { method: "get", url: "https://../x/b", headers: headers() },
  },
  {
    rule: "mediaType.format null clears a format a .defaults() level set, as in @octokit/endpoint",
    defaults: [{ mediaType: { format: "raw" } }],
    route: "GET /x",
    options: { mediaType: { format: null } },
    expected: { method: "get", url: "https://api.github.com/x", headers: headers() },
  },
  {
    rule: "a url whose own text has a dot segment is its author's choice: {+x} values there are not checked",
    route: "GET /a/../{+x}",
    options: { x: "b/c" },
    expected: { method: "get", url: "https://api.github.com/a/../b/c", headers: headers() },
  },
  {
    rule: "the url's own dot segment after a {+x} stays its author's choice where its text puts it",
    route: "GET /a/b{+x}/.",
    options: { x: "/c" },
    expected: { method: "get", url: "https://api.github.com/a/b/c/.", headers: headers() },
  },
  {
    rule: "a url's own dot segment may end right before a {?query} or {#fragment} expression",
    route: "GET /x/..{?q}{#f}",
    options: { q: "a" },
    expected: { method: "get", url: "https://api.github.com/x/..?q=a", headers: headers() },
  },
  {
    rule: "a url's own dot segment before a {?query} stays its author's whatever follows that expression",
    route: "GET /x/..{?q}{&r}",
    options: {},
    expected: { method: "get", url: "https://api.github.com/x/..", headers: headers() },
  },
  {
    rule: "a url's own single dot may end right before a {?query} expression that expands to nothing",
    route: "GET /x/.{?q}",
    options: {},
    expected: { method: "get", url: "https://api.github.com/x/.", headers: headers() },
  },
  {
    rule: "a url's own dot segment in path text after a {?query} that writes nothing stays its author's",
    route: "GET /a/{?q}../{x}",
    options: { x: "b" },
    expected: { method: "get", url: "https://api.github.com/a/../b", headers: headers() },
  },
  {
    rule: "path text after a {?query} that writes nothing may join a value into a segment that is no dot segment",
    route: "GET /a/{x}{?q}..",
    options: { x: "b" },
    expected: { method: "get", url: "https://api.github.com/a/b..", headers: headers() },
  },
  {
    rule: "a value may write the scheme's s where the url writes its own //: http{s}://api.example.com/x",
    route: "GET http{s}://api.example.com/x",
    options: { s: "s" },
    expected: { method: "get", url: "https://api.example.com/x", headers: headers() },
  },
  {
    rule: "a value may write the host after a // the url and a {/host} write together: https:/{/host}/x",
    route: "GET https:/{/host}/x",
    options: { host: "ghe.example.com" },
    expected: { method: "get", url: "https://ghe.example.com/x", headers: headers() },
  },
  {
    rule: "a {+host} that writes a whole authority, port included, is the host",
    route: "GET https://{+host}/x",
    options: { host: "ghe.example.com:8443" },
    expected: { method: "get", url: "https://ghe.example.com:8443/x", headers: headers() },
  },
  {
    rule: "a {+x} or {/x} in a full url's authority writes its path as a value may write any path",
    route: "GET https://example.com{/version}{+prefix}/users",
    options: { version: "v3", prefix: "/api/.well-known" },
    expected: { method: "get", url: "https://example.com/v3/api/.well-known/users", headers: headers() },
  },
  {
    rule: "a url's own dot segment may end right before a {#fragment} expression that expands to nothing",
    route: "GET /a/..{#f}",
    options: {},
    expected: { method: "get", url: "https://api.github.com/a/..", headers: headers() },
  },
  {
    rule: "every dot segment of the url's own text stays its author's, not only the first",
    route: "GET /./a/./{+p}",
    options: { p: "x" },
    expected: { method: "get", url: "https://api.github.com/./a/./x", headers: headers() },
  },
  {
    rule: "a scheme that only starts like https is no full url: the route is a path joined to the base",
    route: "GET httpr://x/y",
    options: {},
    expected: { method: "get", url: "https://api.github.com/httpr://x/y", headers: headers() },
  },
  {
    rule: "a {&x} that writes nothing leaves the url's own dot segments beside it to their author, as a {?q} does",
    route: "GET /a/{&x}../b/..{&y}/c",
    options: {},
    expected: { method: "get", url: "https://api.github.com/a/../b/../c", headers: headers() },
  },
  {
    rule: "a value after a {?query} expression that writes a query is in the query, where dots are plain text",
    route: "GET /a{?q}/{x}",
    options: { q: "1", x: ".." },
    expected: { method: "get", url: "https://api.github.com/a?q=1/..", headers: headers() },
  },
  {
    rule: "a {/x} right after the url's own dot segment ends it, also when it writes nothing",
    route: "GET ..{/x*}#",
    options: {},
    expected: { method: "get", url: "https://api.github.com/..#", headers: headers() },
  },
  {
    rule: "a url's own %2E segment that a {/x} writing nothing ends is the url's own",
    route: "GET %2E{/x}",
    options: {},
    expected: { method: "get", url: "https://api.github.com/%2E", headers: headers() },
  },
  {
    rule: "the url's own .. after a {&q} that writes a query-like segment stays its author's",
    route: "GET https:/{&q}/..",
    options: { q: ".." },
    expected: { method: "get", url: "https://api.github.com/https:/&q=../..", headers: headers() },
  },
  {
    rule: "{+path} keeps slashes and dots that make no dot segment",
    route: "GET /repos/{owner}/{repo}/contents/{+path}",
    options: { owner: "o", repo: "r", path: "docs/..md/.x/a..b" },
    expected: { method: "get", url: "https://api.github.com/repos/o/r/contents/docs/..md/.x/a..b", headers: headers() },
  },
  {
    rule: "an array is encoded element by element and joined with a literal comma",
    route: "GET /x",
    options: { labels: ["bug", "a b", "c,d"] },
    expected: { method: "get", url: "https://api.github.com/x?labels=bug,a%20b,c%2Cd", headers: headers() },
  },
  {
    rule: 'an empty string is written as "key="',
    route: "GET /x",
    options: { empty: "" },
    expected: { method: "get", url: "https://api.github.com/x?empty=", headers: headers() },
  },
  {
    rule: "undefined and null query values are omitted",
    route: "GET /x",
    options: { a: undefined, b: null, c: "kept" },
    expected: { method: "get", url: "https://api.github.com/x?c=kept", headers: headers() },
  },
  {
    rule: "null in the call removes a query parameter set through .defaults()",
    defaults: [{ per_page: 100 }],
    route: "GET /x",
    options: { per_page: null },
    expected: { method: "get", url: "https://api.github.com/x", headers: headers() },
  },
  {
    rule: "undefined in the call does not remove a query parameter set through .defaults()",
    defaults: [{ per_page: 100 }],
    route: "GET /x",
    options: { per_page: undefined },
    expected: { method: "get", url: "https://api.github.com/x?per_page=100", headers: headers() },
  },
  {
    rule: "q keeps + literal and encodes each part (GitHub reads + as a space)",
    route: "GET /search/issues",
    options: { q: "repo:octokit/rest.js+is:open+label:bug fix" },
    expected: {
      method: "get",
      url: "https://api.github.com/search/issues?q=repo%3Aoctokit%2Frest.js+is%3Aopen+label%3Abug%20fix",
      headers: headers(),
    },
  },
  {
    rule: "{?q} in the url encodes + by RFC 6570 for a literal plus",
    route: "GET /search/code{?q}",
    options: { q: "c++" },
    expected: { method: "get", url: "https://api.github.com/search/code?q=c%2B%2B", headers: headers() },
  },
  {
    rule: "query parameters go before a fragment",
    route: "GET /x#top",
    options: { a: 1 },
    expected: { method: "get", url: "https://api.github.com/x?a=1#top", headers: headers() },
  },
];

const body: Case[] = [
  {
    rule: "data: null on GET is no body: it only drops one a .defaults() level set",
    route: "GET /x",
    options: { data: null },
    expected: { method: "get", url: "https://api.github.com/x", headers: headers() },
  },
  {
    rule: "null body values are kept: they clear a field",
    route: "PATCH /repos/{owner}/{repo}/milestones/{milestone_number}",
    options: { owner: "o", repo: "r", milestone_number: 1, due_on: null },
    expected: {
      method: "patch",
      url: "https://api.github.com/repos/o/r/milestones/1",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { due_on: null },
    },
  },
  {
    rule: "data never fills the url: {?data} expands to nothing and data stays the body",
    route: "POST /markdown/raw{?data,mode}",
    options: { data: "# title", mode: "gfm", headers: { "content-type": "text/x-markdown" } },
    expected: {
      method: "post",
      url: "https://api.github.com/markdown/raw?mode=gfm",
      headers: headers({ "content-type": "text/x-markdown" }),
      body: "# title",
    },
  },
  {
    rule: "data wins over other leftovers",
    route: "POST /x",
    options: { data: { a: 1 }, ignored: true },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { a: 1 },
    },
  },
  {
    rule: "data that is an array is a JSON body",
    route: "PUT /x",
    options: { data: ["a", "b"] },
    expected: {
      method: "put",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": JSON_TYPE }),
      body: ["a", "b"],
    },
  },
  {
    rule: "string data is labelled JSON, as @octokit/endpoint labels it: code written for Octokit passes JSON.stringify(x)",
    route: "POST /x",
    options: { data: '{"title":"t"}' },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": JSON_TYPE }),
      body: '{"title":"t"}',
    },
  },
  {
    rule: "a null content-type header removes the JSON label",
    route: "POST /markdown/raw",
    options: { data: "text", headers: { "content-type": null } },
    expected: { method: "post", url: "https://api.github.com/markdown/raw", headers: headers(), body: "text" },
  },
  {
    rule: "a null content-type set by .defaults() removes the label from every body through that level",
    defaults: [{ headers: { "content-type": null } }],
    route: "POST /x",
    options: { a: 1 },
    expected: { method: "post", url: "https://api.github.com/x", headers: headers(), body: { a: 1 } },
  },
  {
    rule: "a call's content-type replaces a null one a .defaults() level set",
    defaults: [{ headers: { "content-type": null } }],
    route: "POST /x",
    options: { data: "text", headers: { "content-type": "text/plain" } },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": "text/plain" }),
      body: "text",
    },
  },
  {
    rule: "a caller content-type is never replaced",
    route: "POST /x",
    options: { a: 1, headers: { "Content-Type": "application/vnd.custom+json" } },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": "application/vnd.custom+json" }),
      body: { a: 1 },
    },
  },
  {
    rule: "an empty caller content-type counts as none: a JSON body still gets the JSON content-type",
    route: "POST /x",
    options: { a: 1, headers: { "content-type": "" } },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { a: 1 },
    },
  },
  {
    rule: 'PUT without a body gets body "" (content-length 0)',
    route: "PUT /user/starred/{owner}/{repo}",
    options: { owner: "o", repo: "r" },
    expected: { method: "put", url: "https://api.github.com/user/starred/o/r", headers: headers(), body: "" },
  },
  {
    rule: 'PATCH without a body gets body ""',
    route: "PATCH /notifications/threads/{thread_id}",
    options: { thread_id: 1 },
    expected: { method: "patch", url: "https://api.github.com/notifications/threads/1", headers: headers(), body: "" },
  },
  {
    rule: "POST without a body has no body key",
    route: "POST /repos/{owner}/{repo}/forks",
    options: { owner: "o", repo: "r" },
    expected: { method: "post", url: "https://api.github.com/repos/o/r/forks", headers: headers() },
  },
  {
    rule: "DELETE without a body has no body key",
    route: "DELETE /user/starred/{owner}/{repo}",
    options: { owner: "o", repo: "r" },
    expected: { method: "delete", url: "https://api.github.com/user/starred/o/r", headers: headers() },
  },
  {
    rule: "undefined leftovers are left out of the body",
    route: "POST /x",
    options: { a: undefined, b: 1 },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { b: 1 },
    },
  },
];

const headerRules: Case[] = [
  {
    rule: "header values are passed through: numbers stay numbers",
    route: "POST /x",
    options: { data: "abc", headers: { "Content-Length": 3, "content-type": "text/plain" } },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-length": 3, "content-type": "text/plain" }),
      body: "abc",
    },
  },
  {
    rule: "an undefined header value is ignored and does not erase a default",
    route: "GET /user",
    options: { headers: { "user-agent": undefined } },
    expected: { method: "get", url: "https://api.github.com/user", headers: headers() },
  },
  {
    rule: "a null header value removes an inherited default (user-agent in a browser)",
    route: "GET /user",
    options: { headers: { "user-agent": null } },
    expected: { method: "get", url: "https://api.github.com/user", headers: { accept: ACCEPT } },
  },
  {
    rule: "a null header value in .defaults() removes it for every call",
    defaults: [{ headers: { "User-Agent": null } }],
    route: "GET /user",
    expected: { method: "get", url: "https://api.github.com/user", headers: { accept: ACCEPT } },
  },
  {
    rule: "a Headers instance is accepted",
    route: "GET /user",
    options: { headers: new Headers({ Authorization: "token t" }) },
    expected: { method: "get", url: "https://api.github.com/user", headers: headers({ authorization: "token t" }) },
  },
  {
    rule: "a Headers instance is accepted in .defaults()",
    defaults: [{ headers: new Headers({ "X-Custom": "1" }) }],
    route: "GET /user",
    expected: { method: "get", url: "https://api.github.com/user", headers: headers({ "x-custom": "1" }) },
  },
];

const mediaType: Case[] = [
  {
    rule: "mediaType.format undefined is ignored, like any undefined option",
    defaults: [{ mediaType: { format: "raw" } }],
    route: "GET /x",
    options: { mediaType: { format: undefined } },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: headers({ accept: "application/vnd.github.v3.raw" }),
    },
  },
  {
    rule: "a format replaces the version too when accept names another one (.v4)",
    route: "GET /x",
    options: { headers: { accept: "application/vnd.github.v4+json" }, mediaType: { format: "raw" } },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: headers({ accept: "application/vnd.github.raw" }),
    },
  },
  {
    rule: "format: application/vnd.github.v3+json + raw → application/vnd.github.v3.raw",
    route: "GET /x",
    options: { mediaType: { format: "raw" } },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: { accept: "application/vnd.github.v3.raw", "user-agent": USER_AGENT },
    },
  },
  {
    rule: "format: text+json replaces +json",
    route: "GET /x",
    options: { mediaType: { format: "text+json" } },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: { accept: "application/vnd.github.v3.text+json", "user-agent": USER_AGENT },
    },
  },
  {
    rule: "format: each application/vnd entry of a caller accept is amended, [.v3] and [.<x>] optional",
    route: "GET /x",
    options: {
      headers: { accept: "application/vnd.github+json,application/vnd.github.html,text/plain" },
      mediaType: { format: "diff" },
    },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: {
        accept: "application/vnd.github.diff,application/vnd.github.diff,text/plain",
        "user-agent": USER_AGENT,
      },
    },
  },
  {
    rule: "previews: a -preview suffix is stripped",
    route: "GET /x",
    options: { mediaType: { previews: ["mercy-preview"] } },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: { accept: "application/vnd.github.mercy-preview+json", "user-agent": USER_AGENT },
    },
  },
  {
    rule: "previews: with a format, each preview takes .<format> instead of +json",
    route: "GET /x",
    options: { mediaType: { previews: ["mercy", "symmetra"], format: "raw" } },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: {
        accept: "application/vnd.github.mercy-preview.raw,application/vnd.github.symmetra-preview.raw",
        "user-agent": USER_AGENT,
      },
    },
  },
  {
    rule: "previews: .defaults() previews come first, then the call's, without duplicates",
    defaults: [{ mediaType: { previews: ["a", "b"] } }],
    route: "GET /x",
    options: { mediaType: { previews: ["c", "a-preview"] } },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: {
        accept: [
          "application/vnd.github.a-preview+json",
          "application/vnd.github.b-preview+json",
          "application/vnd.github.c-preview+json",
        ].join(","),
        "user-agent": USER_AGENT,
      },
    },
  },
  {
    rule: "previews: previews already named in the accept header come first, without duplicates",
    route: "GET /x",
    options: {
      headers: { accept: "application/vnd.github.luke-cage-preview+json" },
      mediaType: { previews: ["mercy", "luke-cage"] },
    },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: {
        accept: "application/vnd.github.luke-cage-preview+json,application/vnd.github.mercy-preview+json",
        "user-agent": USER_AGENT,
      },
    },
  },
  {
    rule: "previews: a preview named twice in the accept header is named once",
    route: "GET /x",
    options: {
      headers: { accept: "application/vnd.github.mercy-preview+json,application/vnd.github.mercy-preview.raw" },
      mediaType: { previews: ["mercy"] },
    },
    expected: {
      method: "get",
      url: "https://api.github.com/x",
      headers: { accept: "application/vnd.github.mercy-preview+json", "user-agent": USER_AGENT },
    },
  },
  {
    rule: "an accept containing application/octet-stream is never amended",
    route: "GET /repos/{owner}/{repo}/releases/assets/{asset_id}",
    options: {
      owner: "o",
      repo: "r",
      asset_id: 1,
      headers: { accept: "application/octet-stream" },
      mediaType: { format: "raw", previews: ["mercy"] },
    },
    expected: {
      method: "get",
      url: "https://api.github.com/repos/o/r/releases/assets/1",
      headers: { accept: "application/octet-stream", "user-agent": USER_AGENT },
    },
  },
];

const merging: Case[] = [
  {
    rule: "plain object parameters merge deeply across .defaults() levels",
    defaults: [{ config: { url: "https://hooks.example.com", content_type: "json" } }],
    route: "POST /repos/{owner}/{repo}/hooks",
    options: { owner: "o", repo: "r", config: { secret: "s" } },
    expected: {
      method: "post",
      url: "https://api.github.com/repos/o/r/hooks",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { config: { url: "https://hooks.example.com", content_type: "json", secret: "s" } },
    },
  },
  {
    rule: "arrays are replaced, not merged",
    defaults: [{ labels: ["default"] }],
    route: "POST /x",
    options: { labels: ["call"] },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { labels: ["call"] },
    },
  },
  {
    rule: "a call's data replaces the defaults' data: it is the body as it is, never merged",
    defaults: [{ data: { from: "defaults" } }],
    route: "POST /x",
    options: { data: { from: "call" } },
    expected: {
      method: "post",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": JSON_TYPE }),
      body: { from: "call" },
    },
  },
  {
    rule: "parameters from a level and a call keep the order one object gives them: array-index keys first, as parse(merge(x)) reads them",
    defaults: [{ b: 1 }],
    route: "GET /x",
    options: { "2": 1, a: 1, "10": 2, "01": 3 },
    expected: { method: "get", url: "https://api.github.com/x?2=1&10=2&b=1&a=1&01=3", headers: headers() },
  },
  {
    rule: "data set only by .defaults() is the body",
    defaults: [{ data: '"default body"' }],
    route: "PUT /x",
    expected: {
      method: "put",
      url: "https://api.github.com/x",
      headers: headers({ "content-type": JSON_TYPE }),
      body: '"default body"',
    },
  },
  {
    rule: "request objects merge deeply across levels",
    defaults: [{ request: { retries: 3 } }],
    route: "GET /user",
    options: { request: { timeout: 10 } },
    expected: {
      method: "get",
      url: "https://api.github.com/user",
      headers: headers(),
      request: { retries: 3, timeout: 10 },
    },
  },
];

describe.each([
  ["the specification (docs/design.md)", spec],
  ["routing (docs/design.md)", routing],
  ["query string (docs/design.md)", query],
  ["body (docs/design.md)", body],
  ["headers (docs/design.md)", headerRules],
  ["mediaType (docs/design.md)", mediaType],
  ["merging defaults (docs/design.md)", merging],
])("%s", (_, cases) => {
  it.each(cases)("$rule", (testCase) => {
    expect(call(testCase)).toStrictEqual(testCase.expected);
  });
  it.each(cases)("endpoint(x) equals parse(merge(x)): $rule", ({ defaults = [], route, options }) => {
    const fn = defaults.reduce<Endpoint>((current, level) => current.defaults(level), endpoint);
    const merged = route === undefined ? fn.merge(options ?? {}) : fn.merge(route, options);
    expect(fn.parse(merged)).toStrictEqual(call({ defaults, route, options } as Case));
  });
});

describe("endpoint(x) and parse(merge(x)) read the options in the same order", () => {
  const cyclic = (): Record<string, unknown> => {
    const value: Record<string, unknown> = {};
    value.a = value;
    return value;
  };
  it("a default parameter that cannot merge fails before a bad option after it, in both", () => {
    const fn = endpoint.defaults({ p: cyclic() });
    const options = { p: cyclic(), headers: { "bad name": "x" } };
    const failure = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return error instanceof EndpointError ? error.code : error;
      }
      return "no error";
    };
    expect(failure(() => fn("POST /x", options))).toBe("ERR_INVALID_PARAMETER");
    expect(failure(() => fn.parse(fn.merge("POST /x", options)))).toBe("ERR_INVALID_PARAMETER");
  });
  it("a url variable is read once, so a getter gives the same url in both", () => {
    const counted = () => {
      let reads = 0;
      return {
        get id() {
          reads += 1;
          return `v${reads}`;
        },
      };
    };
    expect(endpoint("GET /x/{id}", counted()).url).toBe("https://api.github.com/x/v1");
    expect(endpoint.parse(endpoint.merge("GET /x/{id}", counted())).url).toBe("https://api.github.com/x/v1");
  });
  it.each([
    // The route as a string: options built by defineProperty have no type that shows their keys.
    ["endpoint()", (o: EndpointOptions) => endpoint("GET /x/{id}" as string, o)],
    ["merge()", (o: EndpointOptions) => endpoint.merge("GET /x/{id}", o)],
    ["parse(merge())", (o: EndpointOptions) => endpoint.parse(endpoint.merge("GET /x/{id}", o))],
    [
      "a .defaults() level",
      (o: EndpointOptions) => endpoint.defaults({ per: 1, headers: { b: "2" } })("GET /x/{id}" as string, o),
    ],
  ])("%s reads each option and parameter once", (_, call) => {
    const reads: Record<string, number> = {};
    const options = {};
    const values = {
      id: 7,
      q: "x",
      per: 3,
      headers: { "x-a": "1" },
      mediaType: { format: "raw" },
      baseUrl: "https://h.example",
      request: { a: 1 },
      method: "POST",
    };
    for (const [key, value] of Object.entries(values)) {
      Object.defineProperty(options, key, {
        enumerable: true,
        get: () => {
          reads[key] = (reads[key] ?? 0) + 1;
          return value;
        },
      });
    }
    call(options);
    expect(reads).toEqual(Object.fromEntries(Object.keys(values).map((key) => [key, 1])));
  });
  it("a url option is read once: a getter that turns from undefined to a value never becomes a parameter", () => {
    let reads = 0;
    const later = () => {
      reads = 0;
      return {
        get url() {
          reads += 1;
          return reads === 1 ? undefined : "/evil";
        },
        owner: "o",
      };
    };
    expect(endpoint("GET /repos/{owner}", later()).url).toBe("https://api.github.com/repos/o");
    expect(reads).toBe(1);
    expect(endpoint("POST /repos/{owner}", later()).body).toBeUndefined();
    expect(endpoint.parse(endpoint.merge("GET /repos/{owner}", later())).url).toBe("https://api.github.com/repos/o");
  });
  it("a url option that is set is read once too", () => {
    let reads = 0;
    const options = {
      get url() {
        reads += 1;
        return `/v${reads}`;
      },
    };
    expect(endpoint("GET /x", options).url).toBe("https://api.github.com/v1");
    expect(reads).toBe(1);
  });
  it("parse() of options whose url names an option reads each parameter once", () => {
    const reads: Record<string, number> = {};
    const counted = (key: string, value: unknown) => ({
      enumerable: true,
      get: () => {
        reads[key] = (reads[key] ?? 0) + 1;
        return value;
      },
    });
    const options = Object.defineProperties(
      {
        method: "GET" as const,
        baseUrl: "https://h.example",
        url: "/x{?headers}",
        headers: {},
        mediaType: { format: "", previews: [] },
      },
      { q: counted("q", "a"), data: counted("data", null) },
    );
    expect(endpoint.parse(options).url).toBe("https://h.example/x?q=a");
    expect(reads).toEqual({ q: 1, data: 1 });
  });
  it("parse() of hand-written options reads a url variable once", () => {
    let reads = 0;
    const options = {
      method: "GET" as const,
      baseUrl: "https://api.github.com",
      url: "/x/{id}",
      headers: {},
      mediaType: { format: "", previews: [] },
      get id() {
        reads += 1;
        return `v${reads}`;
      },
    };
    expect(endpoint.parse(options).url).toBe("https://api.github.com/x/v1");
    expect(reads).toBe(1);
  });
  it.each([
    ["a number", (reads: number) => reads, "/x/1"],
    ["a list", (reads: number) => [`a${reads}`, "b"], "/x/a1,b"],
    ["a Date", (reads: number) => new Date(Date.UTC(2020, 0, reads)), "/x/2020-01-01T00%3A00%3A00.000Z"],
  ])("a {name} variable holding %s is read once too", (_, make, expanded) => {
    let reads = 0;
    const variables = {
      get id() {
        reads += 1;
        return make(reads);
      },
    };
    expect(parseTemplate("/x/{id}").expand(variables)).toBe(expanded);
    expect(reads).toBe(1);
    reads = 0;
    // As a string: the types refuse a list in a path segment ({id}), which the runtime expands.
    expect(endpoint("GET /x/{id}" as string, variables).url).toBe(`https://api.github.com${expanded}`);
    expect(reads).toBe(1);
  });
});

describe("data is the body as it is", () => {
  it("is the same reference when a .defaults() level set data too", () => {
    const data = { a: 1 };
    const fn = endpoint.defaults({ data: { b: 2 } });
    expect(fn("POST /x", { data }).body).toBe(data);
    expect(fn.merge("POST /x", { data }).data).toBe(data);
  });
});

describe("the formatted accept header is remembered for one (accept, format) pair only", () => {
  it("alternating formats and accept headers always get their own result", () => {
    const accept = (options: EndpointOptions): unknown => endpoint("GET /x", options).headers.accept;
    const custom = { accept: "application/vnd.github.html+json" };
    for (let round = 0; round < 3; round++) {
      expect(accept({ mediaType: { format: "raw" } })).toBe("application/vnd.github.v3.raw");
      expect(accept({ mediaType: { format: "raw" } })).toBe("application/vnd.github.v3.raw");
      expect(accept({ mediaType: { format: "diff" } })).toBe("application/vnd.github.v3.diff");
      expect(accept({ headers: custom, mediaType: { format: "diff" } })).toBe("application/vnd.github.diff");
      expect(accept({ headers: custom, mediaType: { format: "raw" } })).toBe("application/vnd.github.raw");
      expect(accept({})).toBe("application/vnd.github.v3+json");
      expect(accept({ mediaType: { format: "raw" } })).toBe("application/vnd.github.v3.raw");
      expect(accept({ headers: { accept: "" }, mediaType: { format: "raw" } })).toBe("");
    }
  });
});

describe("content-type by kind of body: JSON unless the platform labels it or only the caller can", () => {
  const labelled: [kind: string, data: unknown][] = [
    ["a plain object", { a: 1 }],
    ["an array", [1]],
    ["a string (JSON text a caller wrote)", '{"a":1}'],
    ["an empty string", ""],
    ["a number", 42],
    ["a boolean", true],
    ["null", null],
  ];
  const unlabelled: [kind: string, data: unknown][] = [
    ["FormData", new FormData()],
    ["URLSearchParams", new URLSearchParams("a=1")],
    ["a Blob", new Blob(["a"])],
    ["a File", new File(["a"], "a.txt")],
    ["an ArrayBuffer", new ArrayBuffer(2)],
    ["a Uint8Array", new Uint8Array([1])],
    ["a Buffer", Buffer.from("a")],
    ["a DataView", new DataView(new ArrayBuffer(2))],
    ["a ReadableStream", new ReadableStream()],
    ["a Node.js stream", Readable.from(["a"])],
    ["FormData of another copy of undici", new UndiciFormData()],
    ["an async iterable", (async function* () {})()],
  ];
  it.each(labelled)("%s is labelled JSON", (_, data) => {
    const result = endpoint("POST /x", { data });
    expect(result.headers["content-type"]).toBe(JSON_TYPE);
    expect(result.body).toBe(data);
  });
  it.each(unlabelled)("%s gets no content-type", (_, data) => {
    const result = endpoint("POST /x", { data });
    expect(result.headers).not.toHaveProperty("content-type");
    expect(result.body).toBe(data);
  });
  it.each([...labelled, ...unlabelled])("%s keeps the caller's content-type", (_, data) => {
    const result = endpoint("POST /x", { data, headers: { "content-type": "text/plain" } });
    expect(result.headers["content-type"]).toBe("text/plain");
  });
  it.each(labelled)("%s loses the label to a null content-type header, in endpoint() and parse(merge())", (_, data) => {
    const options = { data, headers: { "content-type": null } };
    expect(endpoint("POST /x", options).headers).not.toHaveProperty("content-type");
    const merged = endpoint.merge("POST /x", options);
    expect(merged.headers["content-type"]).toBeNull();
    expect(endpoint.parse({ ...merged, headers: { ...merged.headers } }).headers).not.toHaveProperty("content-type");
  });
});

/** Where the content-length rule applies: each way request options are made. */
const makers: [string, (route: string, options: EndpointOptions) => RequestOptions][] = [
  ["endpoint()", (route, options) => endpoint(route, options)],
  [".parse(.merge())", (route, options) => endpoint.parse(endpoint.merge(route, options))],
  ["rest", (route, options) => rest(route, { baseUrl: "https://api.example.com", ...options })],
];

/** The bytes fetch sends for a body, measured by the platform: JSON bodies as their JSON text. */
async function bytesSent(data: unknown, json: boolean): Promise<number> {
  const body = json ? JSON.stringify(data) : (data as BodyInit);
  return (await new Response(body).arrayBuffer()).byteLength;
}

describe("content-length describes the body that is sent (docs/api.md#content-length)", () => {
  /** Bodies whose length is known at the call; `json` when it is sent as JSON text. */
  const measured: [kind: string, data: unknown, json: boolean][] = [
    ["ASCII text", "zip bytes", false],
    ["UTF-8 text, counted in bytes, not characters", "😀 ünïcødé", false],
    ["text with a lone surrogate, sent as U+FFFD", "a\ud800b", false],
    ["empty text", "", false],
    ["a Uint8Array", new Uint8Array(5), false],
    ["a subarray, only its own bytes", new Uint8Array(8).subarray(2, 5), false],
    ["a Uint16Array, in bytes, not items", new Uint16Array(3), false],
    ["an ArrayBuffer", new ArrayBuffer(4), false],
    ["a DataView", new DataView(new ArrayBuffer(6), 1, 2), false],
    ["a Blob", new Blob(["héllo"]), false],
    ["a File", new File(["abc"], "a.txt"), false],
    ["URLSearchParams, as its text", new URLSearchParams({ q: "ü x", a: "1" }), false],
    ["a plain object, as JSON text", { title: "Bug ü", labels: ["a"] }, true],
    ["an array, as JSON text", [1, "é"], true],
    ["a number, as JSON text", 42.5, true],
    ["a boolean, as JSON text", false, true],
  ];
  const cases = makers.flatMap(([maker, make]) =>
    measured.map(([kind, data, json]) => ({ maker, make, kind, data, json })),
  );

  it.each(cases)("$maker: $kind takes its length, as a number or digits", async ({ make, data, json }) => {
    const length = await bytesSent(data, json);
    for (const given of [length, String(length)]) {
      const result = make("POST /upload", { data, headers: { "content-length": given } });
      expect(result.headers["content-length"]).toBe(given);
    }
  });

  it.each(cases)("$maker: $kind refuses any other length, naming both", async ({ make, data, json }) => {
    const length = await bytesSent(data, json);
    for (const given of [length + 1, length - 1, `0${length}`, ` ${length}`, `${length} `, `+${length}`, [length, 1]]) {
      const error = endpointErrorFrom(
        () => make("POST /upload", { data, headers: { "content-length": given } }),
        "ERR_INVALID_HEADER",
      );
      expect(error.message).toContain(`but the body has ${length} bytes; drop the header: the client computes it`);
    }
  });

  it.each(makers)("%s: the JSON body of leftover parameters is measured as its JSON text", async (_, make) => {
    const length = await bytesSent({ title: "ü" }, true);
    expect(make("POST /x", { title: "ü", headers: { "content-length": length } }).body).toStrictEqual({ title: "ü" });
    expect(() => make("POST /x", { title: "ü", headers: { "content-length": length + 1 } })).toThrow(
      `header "content-length" is "${length + 1}" but the body has ${length} bytes`,
    );
  });

  // PUT and PATCH send an empty body; POST and DELETE none, but every client sends POST's length as 0.
  const bodiless: [method: string, data?: null][] = [["PUT"], ["PATCH"], ["POST"], ["DELETE"], ["POST", null]];
  it.each(makers.flatMap(([maker, make]) => bodiless.map(([method, data]) => ({ maker, make, method, data }))))(
    "$maker: $method without a body (data: $data) takes 0 and refuses any other length",
    ({ make, method, data }) => {
      const options = data === undefined ? {} : { data };
      for (const zero of [0, "0"]) make(`${method} /x`, { ...options, headers: { "content-length": zero } });
      for (const other of [1, "5", "00", "", "0 "]) {
        const error = endpointErrorFrom(
          () => make(`${method} /x`, { ...options, headers: { "content-length": other } }),
          "ERR_INVALID_HEADER",
        );
        expect(error.message).toMatch(/but the (request has no body|body has 0 bytes); drop the header/);
      }
    },
  );

  it.each(makers.flatMap(([maker, make]) => ["GET", "HEAD", "OPTIONS"].map((method) => ({ maker, make, method }))))(
    "$maker: $method, which has no body, takes no content-length, not even 0",
    ({ make, method }) => {
      for (const given of [0, "0", 5]) {
        const error = endpointErrorFrom(
          () => make(`${method} /x`, { headers: { "content-length": given } }),
          "ERR_INVALID_HEADER",
        );
        expect(error.message).toBe(
          `header "content-length" is "${given}" on a ${method} request, which has no body; drop the header: the client computes it`,
        );
      }
    },
  );

  const unknowable: [kind: string, data: unknown][] = [
    ["FormData (the client picks the multipart boundary)", new FormData()],
    ["FormData of another copy of undici", new UndiciFormData()],
    ["a Map, which no client sends as it is", new Map()],
    ["a Date, which no client sends as it is", new Date(0)],
    ["NaN, which JSON writes as null but fetch as NaN", Number.NaN],
  ];
  it.each(unknowable)("%s takes no content-length", (_, data) => {
    const error = endpointErrorFrom(
      () => endpoint("POST /x", { data, headers: { "content-length": 3 } }),
      "ERR_INVALID_HEADER",
    );
    expect(error.message).toContain("whose length only the client knows; drop the header: the client computes it");
  });

  it("leaves a body JSON cannot write to be refused where it is written, and the caller's own errors to pass on", () => {
    class Mine extends Error {}
    const mine = new Mine("toJSON");
    const throwing = {
      a: {
        toJSON: () => {
          throw mine;
        },
      },
    };
    for (const data of [{ n: 1n }, throwing]) {
      const options = endpoint("POST /x", { data, headers: { "content-length": 5 } });
      expect(options.body).toBe(data);
      expect(() => toFetch(options)).toThrow(data === throwing ? mine : EndpointError);
    }
  });

  const streams: [kind: string, data: () => unknown][] = [
    ["a ReadableStream", () => new ReadableStream()],
    ["a Node.js stream", () => Readable.from(["abc"])],
    ["an async iterable", () => (async function* () {})()],
  ];
  it.each(streams)(
    "%s keeps the caller's length, which must be decimal digits (the caller vouches for it)",
    (_, data) => {
      for (const given of [0, 3, "3", "1000000", "12345678901234567890"]) {
        expect(endpoint("POST /upload", { data: data(), headers: { "content-length": given } }).headers).toHaveProperty(
          "content-length",
          given,
        );
      }
      for (const given of ["ten", "-1", "1.5", " 3", "03", "", "1e3", 1.5, -1, true, [1, 2]]) {
        const error = endpointErrorFrom(
          () => endpoint("POST /upload", { data: data(), headers: { "content-length": given } }),
          "ERR_INVALID_HEADER",
        );
        expect(error.message).toContain("beside a stream body, and is no length in bytes; give the stream's length");
      }
    },
  );

  it("applies to a content-length set by .defaults(), a Headers instance and any case of name", () => {
    const zero = endpoint.defaults({ headers: { "Content-Length": 0 } });
    expect(zero("POST /x").headers["content-length"]).toBe(0);
    expect(() => zero("GET /x")).toThrow('header "content-length" is "0" on a GET request');
    expect(() => zero("POST /x", { data: "abc" })).toThrow("but the body has 3 bytes");
    expect(zero("POST /x", { data: "abc", headers: { "content-length": null } }).headers).not.toHaveProperty(
      "content-length",
    );
    const headers = new Headers({ "Content-Length": "2" });
    expect(() => endpoint("POST /x", { data: "abc", headers })).toThrow("but the body has 3 bytes");
  });

  it("accepts exactly the UTF-8 length of any text, and of any bytes", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "binary" }), fc.uint8Array({ maxLength: 64 })),
        fc.integer({ min: -2, max: 2 }),
        (data, offset) => {
          const length = typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
          const given = length + offset;
          const run = () => endpoint("POST /x", { data, headers: { "content-length": given } });
          if (offset === 0) expect(run().headers["content-length"]).toBe(given);
          else endpointErrorFrom(run, "ERR_INVALID_HEADER");
        },
      ),
      fuzz(200, 41),
    );
  }, 30_000); // Many generated bodies: a busy machine takes seconds; the limit only catches a hang.
});

// The strict endpoint of endpoint-options/github takes these routes, typed by the key each stands for
// (test/github.test-d.ts): the runtime, the same function, sends each where that key goes.
describe("routes a strict endpoint reads as keys of its map are sent where those keys go", () => {
  it.each([
    {
      rule: ":name is {name}, whatever its name",
      route: "GET /repos/:org/:repo/environments",
      options: { org: "octokit", repo: "rest.js", per_page: 10 },
      method: "get",
      url: "https://api.github.com/repos/octokit/rest.js/environments?per_page=10",
    },
    {
      rule: "HEAD where GitHub maps GET: the GET key's url, with leftover parameters in the query",
      route: "HEAD /repos/{owner}/{repo}/issues",
      options: { owner: "octokit", repo: "rest.js", state: "open" },
      method: "head",
      url: "https://api.github.com/repos/octokit/rest.js/issues?state=open",
    },
    {
      rule: "text in place of a placeholder, with the route's own placeholder in it",
      route: "GET /repos/{owner}/{repo}/git/ref/tags/{ref}",
      options: { owner: "octokit", repo: "rest.js", ref: "v1.0.0" },
      method: "get",
      url: "https://api.github.com/repos/octokit/rest.js/git/ref/tags/v1.0.0",
    },
    {
      rule: "text in place of every placeholder: the other parameters go to the query",
      route: "GET /repos/octokit/rest.js/issues",
      options: { state: "open" },
      method: "get",
      url: "https://api.github.com/repos/octokit/rest.js/issues?state=open",
    },
    {
      rule: "a renamed placeholder is filled under the route's name",
      route: "GET /repos/{owner}/{repo}/issues/{number}",
      options: { owner: "octokit", repo: "rest.js", number: 1 },
      method: "get",
      url: "https://api.github.com/repos/octokit/rest.js/issues/1",
    },
  ])("$rule", ({ route, options, method, url }) => {
    const result = endpoint(route, options);
    expect(result.method).toBe(method);
    expect(result.url).toBe(url);
  });
});
