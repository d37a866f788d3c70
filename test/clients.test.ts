// The recipes of docs/clients.md for undici, axios, got and ky, run as written against a real node:http
// server on 127.0.0.1: what arrives must be what the request options say. (The file is type-checked with the
// rest of the tests by npm test.) fetch, node:http and curl are proved in adapters.test.ts.
import axios from "axios";
import got from "got";
import ky from "ky";
import { Agent as UndiciAgent, type RequestInit as UndiciRequestInit, fetch as undiciFetch } from "undici";
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions, toFetch, toNodeRequest } from "../src/index.js";
import { SMUGGLED, TRUTHFUL_ARRIVALS, truthfulRequests, useKeptAliveServer } from "./helpers/kept-alive.js";
import { type Received, useRecordingServer } from "./helpers/server.js";

const server = useRecordingServer();

/** Each recipe as docs/clients.md writes it, sending request options. */
const recipes: Record<string, (options: RequestOptions) => Promise<unknown>> = {
  async undici(options) {
    const [url, init] = toFetch(options);
    const response = await undiciFetch(url, init as UndiciRequestInit);
    return response.arrayBuffer();
  },
  async axios(options) {
    const [url, { method, headers }] = toFetch(options);
    return axios({ method, url, headers, data: options.body });
  },
  async got(options) {
    const { url, options: init, body } = toNodeRequest(options);
    return got(url, { method: init.method, headers: init.headers, body: body && Buffer.from(body) }).text();
  },
  async ky(options) {
    return ky(...toFetch(options)).text();
  },
};

interface RecipeCase {
  rule: string;
  make: (baseUrl: string) => RequestOptions;
  method: string;
  path: string;
  body: string;
}

const cases: readonly RecipeCase[] = [
  {
    rule: "GET: the query string and the authorization header arrive as built",
    make: (baseUrl) =>
      endpoint("GET /repos/{owner}/{repo}/issues", {
        baseUrl,
        owner: "octokit",
        repo: "rest.js",
        labels: ["bug", "a b"],
        headers: { authorization: "token ghp_example" },
      }),
    method: "GET",
    path: "/repos/octokit/rest.js/issues?labels=bug,a%20b",
    body: "",
  },
  {
    rule: "POST: the JSON body and its content-type",
    make: (baseUrl) =>
      endpoint("POST /repos/{owner}/{repo}/issues", { baseUrl, owner: "octokit", repo: "rest.js", title: "Bug ü" }),
    method: "POST",
    path: "/repos/octokit/rest.js/issues",
    body: '{"title":"Bug ü"}',
  },
  {
    rule: "PATCH: upper-cased, so that the server can read it",
    make: (baseUrl) =>
      endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
        baseUrl,
        owner: "octokit",
        repo: "rest.js",
        issue_number: 1,
        state: "closed",
      }),
    method: "PATCH",
    path: "/repos/octokit/rest.js/issues/1",
    body: '{"state":"closed"}',
  },
  {
    rule: "raw data: bytes with their own content-type, the query from the template",
    make: (baseUrl) =>
      endpoint("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name}", {
        baseUrl,
        owner: "octokit",
        repo: "rest.js",
        release_id: 1,
        name: "notes.txt",
        data: new TextEncoder().encode("héllo"),
        headers: { "content-type": "text/plain; charset=utf-8" },
      }),
    method: "POST",
    path: "/repos/octokit/rest.js/releases/1/assets?name=notes.txt",
    body: "héllo",
  },
];

const runs = Object.keys(recipes).flatMap((client) => cases.map((testCase) => ({ client, ...testCase })));

describe("the client recipes of docs/clients.md deliver the request options", () => {
  it.each(runs)("$client — $rule", async ({ client, make, method, path, body }) => {
    const options = make(server.baseUrl);
    const received: Promise<Received> = server.next();
    await recipes[client]?.(options);
    const { method: sent, path: sentPath, headers, body: sentBody } = await received;
    expect({ method: sent, path: sentPath, body: sentBody.toString("utf8") }).toEqual({ method, path, body });
    for (const [name, value] of Object.entries(options.headers)) expect([name, headers[name]]).toEqual([name, value]);
  });
});

describe("undici's fetch on a kept-alive connection", () => {
  const kept = useKeptAliveServer();

  it("true content-lengths go out one after another on one socket, each request intact", async () => {
    const dispatcher = new UndiciAgent({ connections: 1 });
    try {
      for (const options of truthfulRequests(kept.baseUrl)) {
        const [url, init] = toFetch({ ...options, request: { dispatcher, signal: AbortSignal.timeout(10_000) } });
        await (await undiciFetch(url, init as UndiciRequestInit)).arrayBuffer();
      }
    } finally {
      await dispatcher.close();
    }
    expect(kept.received.map(({ method, path, body }) => [method, path, body])).toEqual(TRUTHFUL_ARRIVALS);
    expect(new Set(kept.received.map(({ socket }) => socket)).size).toBe(1);
  });

  it("a content-length that lies is refused by toFetch before undici sees it", () => {
    const lying = { method: "post", url: kept.baseUrl, headers: { "content-length": "3" }, body: `abc${SMUGGLED}` };
    expect(() => toFetch(lying as RequestOptions)).toThrow('header "content-length" is "3" but the body has');
  });
});
