// toFetch, toNodeRequest and toCurl, proved against a real node:http server on 127.0.0.1: what the server
// receives (method, path and query, headers, body bytes) must be what the request options say.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { build } from "esbuild";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shellQuote } from "../src/clients/curl.js";
import {
  EndpointError,
  endpoint,
  octokitFetch,
  type RequestOptions,
  toCurl,
  toFetch,
  toNodeRequest,
} from "../src/index.js";
import { SMUGGLED, TRUTHFUL_ARRIVALS, truthfulRequests, useKeptAliveServer } from "./helpers/kept-alive.js";
import { hasCurl, REQUIRE_ALL_SUITES } from "./helpers/optional-tools.js";
import { type Received, runFile, runShell, sendWithNode, useRecordingServer } from "./helpers/server.js";
import { endpointErrorFrom } from "./helpers/thrown.js";

const server = useRecordingServer();

type Client = "fetch" | "node:http" | "curl";
const CLIENTS: readonly Client[] = ["fetch", "node:http", "curl"];

/** Headers a client or its transport adds on its own; any other header the server sees must be in the request options. */
const TRANSPORT_HEADERS = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "accept-encoding",
  "accept-language", // undici: "*"
  "sec-fetch-mode", // undici: "cors"
]);

/** Headers undici's fetch always sends; a case without them cannot check fetch. */
const FETCH_FORCED = ["accept", "user-agent"];

async function send(client: Client, options: RequestOptions): Promise<Received> {
  const received = server.next();
  await sendWith(client, options);
  return received;
}

async function sendWith(client: Client, options: RequestOptions): Promise<void> {
  if (client === "fetch") {
    const response = await fetch(...toFetch({ ...options, request: { signal: AbortSignal.timeout(10_000) } }));
    await response.arrayBuffer();
  } else if (client === "node:http") {
    const { url, options: init, body } = toNodeRequest(options);
    await sendWithNode(url, init, (req) => req.end(body));
  } else {
    // Its output goes to a pipe, where curl would print a progress meter to stderr without the command's -sS.
    const { code, stderr } = await runShell(`${toCurl(options)} --max-time 10`);
    expect(stderr).toBe("");
    expect(code).toBe(0);
  }
}

interface WireCase {
  /** The rule this case proves. */
  rule: string;
  /** Request options, built with endpoint() against the local server. */
  make: (baseUrl: string) => RequestOptions;
  method: string;
  /** Path and query exactly as they arrive. */
  path: string;
  /** Headers the server must see with exactly these values (besides those of the request options). */
  extraHeaders?: Record<string, string>;
  body: Buffer;
  /** Clients that can send this request exactly (fetch always adds accept and user-agent). */
  clients?: readonly Client[];
}

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

function sharedBytes(...bytes: number[]): SharedArrayBuffer {
  const shared = new SharedArrayBuffer(bytes.length);
  new Uint8Array(shared).set(bytes);
  return shared;
}
const ODD_HEADER = `it's "quoted" $HOME \`id\` $(id) \\ ; & | < > * ? ! # ~ %41 {a} [b] 'x'\ttab`;
const UNICODE_TEXT = "emoji 😀, accents ünïcødé, CJK ファイル, quotes ' \" and $HOME `id`\nsecond line \\";

const wireCases: readonly WireCase[] = [
  {
    rule: "GET with query: leftover parameters arrive as the query string, no body",
    make: (baseUrl) =>
      endpoint("GET /repos/{owner}/{repo}/issues", {
        baseUrl,
        owner: "octokit",
        repo: "rest.js",
        state: "open",
        labels: ["bug", "a b"],
        per_page: 100,
      }),
    method: "GET",
    path: "/repos/octokit/rest.js/issues?state=open&labels=bug,a%20b&per_page=100",
    body: Buffer.alloc(0),
  },
  {
    rule: "POST JSON: the parameters arrive as a JSON body with the JSON content-type",
    make: (baseUrl) =>
      endpoint("POST /repos/{owner}/{repo}/issues", {
        baseUrl,
        owner: "octokit",
        repo: "rest.js",
        title: "Found a bug",
        labels: ["bug"],
        milestone: null,
      }),
    method: "POST",
    path: "/repos/octokit/rest.js/issues",
    body: Buffer.from('{"title":"Found a bug","labels":["bug"],"milestone":null}'),
  },
  {
    rule: "PATCH without body: upper-case PATCH (fetch keeps a lower-case patch) with content-length 0",
    make: (baseUrl) =>
      endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
        baseUrl,
        owner: "octokit",
        repo: "rest.js",
        issue_number: 1,
      }),
    method: "PATCH",
    path: "/repos/octokit/rest.js/issues/1",
    extraHeaders: { "content-length": "0" },
    body: Buffer.alloc(0),
  },
  {
    rule: "POST without body: content-length 0 from every client (curl sends none on its own)",
    make: (baseUrl) => endpoint("POST /repos/{owner}/{repo}/forks", { baseUrl, owner: "octokit", repo: "rest.js" }),
    method: "POST",
    path: "/repos/octokit/rest.js/forks",
    extraHeaders: { "content-length": "0" },
    body: Buffer.alloc(0),
  },
  {
    rule: "raw data upload with {?name,label}: every byte 0–255 arrives unchanged, query from the template",
    make: (baseUrl) =>
      endpoint("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
        baseUrl,
        owner: "octokit",
        repo: "rest.js",
        release_id: 7,
        name: "all bytes.bin",
        label: "Bytes ü",
        data: ALL_BYTES,
        headers: { "content-type": "application/octet-stream", "content-length": ALL_BYTES.byteLength },
      }),
    method: "POST",
    path: "/repos/octokit/rest.js/releases/7/assets?name=all%20bytes.bin&label=Bytes%20%C3%BC",
    body: Buffer.from(ALL_BYTES),
  },
  {
    rule: "Unicode in path, query and body: percent-encoded UTF-8 in the url, UTF-8 bytes in the body",
    make: (baseUrl) =>
      endpoint("PUT /repos/{owner}/{repo}/contents/{path}{?ref}", {
        baseUrl,
        owner: "octokit",
        repo: "rest.js",
        path: "dïr/ファイル 😀.md",
        ref: "brånch",
        message: UNICODE_TEXT,
      }),
    method: "PUT",
    path: "/repos/octokit/rest.js/contents/d%C3%AFr%2F%E3%83%95%E3%82%A1%E3%82%A4%E3%83%AB%20%F0%9F%98%80.md?ref=br%C3%A5nch",
    body: Buffer.from(JSON.stringify({ message: UNICODE_TEXT })),
  },
  {
    rule: "header with odd characters: quotes, $, backticks, tab arrive as written; empty, number and list headers too",
    make: (baseUrl) =>
      endpoint("GET /user", {
        baseUrl,
        headers: {
          "x-odd": ODD_HEADER,
          "x-empty": "",
          "x-number": 42,
          "x-list": ["a", 1],
          authorization: "token t0k'n",
        },
      }),
    method: "GET",
    path: "/user",
    body: Buffer.alloc(0),
  },
  {
    rule: "text data whose JSON label a null content-type removed: no client invents one (fetch would say text/plain)",
    make: (baseUrl) =>
      endpoint("POST /markdown/raw", {
        baseUrl,
        data: "@/etc/hostname is text, not a file for curl; 'q' $x",
        headers: { "content-type": null },
      }),
    method: "POST",
    path: "/markdown/raw",
    body: Buffer.from("@/etc/hostname is text, not a file for curl; 'q' $x"),
  },
  {
    rule: "text data with control characters (CR, NUL, ESC) arrives byte for byte",
    make: (baseUrl) =>
      endpoint("POST /markdown/raw", {
        baseUrl,
        data: "line\r\nNUL\u0000ESC\u001b DEL\u007f end",
        headers: { "content-type": "text/plain" },
      }),
    method: "POST",
    path: "/markdown/raw",
    body: Buffer.from("line\r\nNUL\u0000ESC\u001b DEL\u007f end"),
  },
  {
    rule: "string data labelled JSON (JSON text written for Octokit) arrives as it is, labelled",
    make: (baseUrl) => endpoint("POST /repos/o/r/issues", { baseUrl, data: JSON.stringify({ title: "t" }) }),
    method: "POST",
    path: "/repos/o/r/issues",
    body: Buffer.from('{"title":"t"}'),
  },
  {
    rule: "a number, boolean or null body goes out as its JSON text, labelled JSON",
    make: (baseUrl) => endpoint("PUT /x", { baseUrl, data: 42 }),
    method: "PUT",
    path: "/x",
    body: Buffer.from("42"),
  },
  {
    rule: "a null body is no body, as fetch reads body: null (endpoint() labels it JSON, as @octokit/endpoint does)",
    make: (baseUrl) => endpoint("POST /x", { baseUrl, data: null }),
    method: "POST",
    path: "/x",
    body: Buffer.alloc(0),
  },
  {
    rule: "URLSearchParams data: a form body with the form content-type, as fetch sends it",
    make: (baseUrl) =>
      endpoint("POST /login/oauth/access_token", { baseUrl, data: new URLSearchParams({ a: "1 2", b: "ü" }) }),
    method: "POST",
    path: "/login/oauth/access_token",
    extraHeaders: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
    body: Buffer.from("a=1+2&b=%C3%BC"),
  },
  {
    rule: "DELETE with a JSON body",
    make: (baseUrl) =>
      endpoint("DELETE /repos/{owner}/{repo}/contents/{path}", {
        baseUrl,
        owner: "o",
        repo: "r",
        path: "a.txt",
        sha: "abc",
        message: "remove",
      }),
    method: "DELETE",
    path: "/repos/o/r/contents/a.txt",
    body: Buffer.from('{"sha":"abc","message":"remove"}'),
  },
  {
    rule: "HEAD: the method arrives as HEAD, the query as given",
    make: (baseUrl) => endpoint("HEAD /repos/{owner}/{repo}", { baseUrl, owner: "o", repo: "r", x: "1" }),
    method: "HEAD",
    path: "/repos/o/r?x=1",
    body: Buffer.alloc(0),
  },
  {
    rule: "headers removed with null stay removed: curl and node:http send no accept or user-agent of their own",
    make: (baseUrl) => endpoint("GET /zen", { baseUrl, headers: { accept: null, "user-agent": null } }),
    method: "GET",
    path: "/zen",
    body: Buffer.alloc(0),
    clients: ["node:http", "curl"],
  },
  ...(
    [
      ["a Uint16Array, in memory order", () => new Uint16Array([0x0201])],
      ["an ArrayBuffer", () => Uint8Array.of(1, 2).buffer],
      ["a subarray, only its own bytes", () => Uint8Array.of(9, 1, 2, 9).subarray(1, 3)],
      ["a SharedArrayBuffer (fetch refuses shared memory; toFetch sends a copy)", () => sharedBytes(1, 2)],
      ["a Uint8Array on shared memory", () => new Uint8Array(sharedBytes(1, 2))],
    ] as const
  ).map(
    ([what, data]): WireCase => ({
      rule: `bytes from ${what} arrive as they are`,
      make: (baseUrl) =>
        endpoint("POST /upload", { baseUrl, data: data(), headers: { "content-type": "application/octet-stream" } }),
      method: "POST",
      path: "/upload",
      body: Buffer.from([1, 2]),
    }),
  ),
  {
    rule: "an array as data is a JSON body",
    make: (baseUrl) => endpoint("POST /labels", { baseUrl, data: [1, "a"] }),
    method: "POST",
    path: "/labels",
    body: Buffer.from('[1,"a"]'),
  },
  {
    rule: "URLSearchParams data keeps the content-type the request options give",
    make: (baseUrl) =>
      endpoint("POST /form", { baseUrl, data: new URLSearchParams("a=1"), headers: { "content-type": "text/plain" } }),
    method: "POST",
    path: "/form",
    body: Buffer.from("a=1"),
  },
];

const clientCases = wireCases.flatMap((c) => (c.clients ?? CLIENTS).map((client) => ({ ...c, client })));
/** Without curl on PATH its cases are skipped, with a notice (test/helpers/optional-tools.ts), unless required. */
const CURL = REQUIRE_ALL_SUITES || hasCurl();

describe("what a real server receives", () => {
  it.skip.each(clientCases.filter(({ client }) => client === "curl" && !CURL))("$client — $rule", () => {});
  it.each(clientCases.filter(({ client }) => client !== "curl" || CURL))(
    "$client — $rule",
    async ({ client, make, method, path, extraHeaders, body }) => {
      const options = make(server.baseUrl);
      const received = await send(client, options);
      expect(received.method).toBe(method);
      expect(received.path).toBe(path);
      expect(received.body.equals(body), `body ${received.body.toString("hex")} ≠ ${body.toString("hex")}`).toBe(true);

      const expected: Record<string, string> = { ...extraHeaders };
      for (const [name, value] of Object.entries(options.headers)) {
        expected[name] = Array.isArray(value) ? value.join(", ") : String(value);
      }
      for (const [name, value] of Object.entries(expected))
        expect([name, received.headers[name]]).toEqual([name, value]);
      for (const name of Object.keys(received.headers)) {
        if (name in expected || TRANSPORT_HEADERS.has(name)) continue;
        if (client === "fetch" && FETCH_FORCED.includes(name)) continue;
        expect.fail(`${client} sent header ${JSON.stringify(name)}, which the request options do not have`);
      }
      if (received.headers["content-length"] !== undefined) {
        expect(received.headers["content-length"]).toBe(String(body.byteLength));
      }
    },
  );
});

describe("streams", () => {
  const chunks = ["first ", "sëcond ", "third"];
  const bytes = Buffer.from(chunks.join(""));

  it("fetch: a ReadableStream body goes out with duplex half", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    const [url, init] = toFetch(endpoint("POST /upload", { baseUrl: server.baseUrl, data: stream }));
    expect(init.duplex).toBe("half");
    await (await fetch(url, init)).arrayBuffer();
    expect((await server.next()).body.equals(bytes)).toBe(true);
  });

  it("fetch: a Node.js Readable body goes out with duplex half (undici reads async iterables)", async () => {
    const [url, init] = toFetch(endpoint("POST /upload", { baseUrl: server.baseUrl, data: Readable.from(chunks) }));
    expect(init.duplex).toBe("half");
    await (await fetch(url, init)).arrayBuffer();
    expect((await server.next()).body.equals(bytes)).toBe(true);
  });

  it("node:http: a Node.js Readable comes back as `stream` to pipe, sent chunked", async () => {
    const result = toNodeRequest(endpoint("POST /upload", { baseUrl: server.baseUrl, data: Readable.from(chunks) }));
    expect(result.body).toBeUndefined();
    expect(result.options.headers["content-length"]).toBeUndefined();
    await sendWithNode(result.url, result.options, (req) => result.stream?.pipe(req));
    const received = await server.next();
    expect(received.body.equals(bytes)).toBe(true);
    expect(received.headers["transfer-encoding"]).toBe("chunked");
  });
});

describe("toFetch", () => {
  it("carries fetch options from `request` over, never method, headers or body, nor non-fetch meta", () => {
    const signal = AbortSignal.timeout(1000);
    const [, init] = toFetch(
      endpoint("GET /user", {
        request: {
          signal,
          redirect: "manual",
          cache: "no-store",
          method: "DELETE",
          headers: { x: "1" },
          body: "b",
          hook: () => {},
        },
      }),
    );
    expect(init.signal).toBe(signal);
    expect(init.redirect).toBe("manual");
    expect(init.cache).toBe("no-store");
    expect(init.method).toBe("GET");
    expect(init.body).toBeUndefined();
    expect(Object.keys(init).sort()).toEqual(["cache", "headers", "method", "redirect", "signal"]);
  });

  const fetchKeys = ["credentials", "integrity", "keepalive", "mode", "priority", "referrer", "referrerPolicy"];
  it.each([...fetchKeys, "window", "dispatcher"])("carries %s over from `request`, own keys only", (key) => {
    const value = { marker: key };
    expect(toFetch(endpoint("GET /x", { request: { [key]: value } }))[1]).toHaveProperty([key], value);
    const inherited = toFetch(endpoint("GET /x", { request: Object.create({ [key]: value }) }))[1];
    expect(inherited).not.toHaveProperty([key]);
  });

  it("reads a null body or null request meta as none", () => {
    const options = { method: "get", url: "https://h.example/", headers: {}, body: null, request: null };
    const [, init] = toFetch(options as unknown as RequestOptions);
    expect(init).toStrictEqual({ method: "GET", headers: {} });
  });

  const passedThrough: readonly { rule: string; data: unknown }[] = [
    { rule: "Uint8Array", data: new Uint8Array([1, 2]) },
    { rule: "ArrayBuffer", data: new ArrayBuffer(2) },
    { rule: "DataView", data: new DataView(new ArrayBuffer(2)) },
    { rule: "Blob", data: new Blob(["x"]) },
    { rule: "FormData", data: new FormData() },
    { rule: "URLSearchParams", data: new URLSearchParams("a=1") },
  ];
  it.each(passedThrough)("passes a $rule body through as the same object", ({ data }) => {
    const [, init] = toFetch(endpoint("POST /x", { data }));
    expect(init.body).toBe(data);
    expect(init.duplex).toBeUndefined();
  });

  it("sends a string body as it is when the request options name a content-type", () => {
    const [, init] = toFetch(endpoint("POST /x", { data: "hi", headers: { "content-type": "text/markdown" } }));
    expect(init.body).toBe("hi");
  });

  it("keeps a header named __proto__ as a header, never a prototype", () => {
    const headers = JSON.parse('{"__proto__": "v"}') as Record<string, string>;
    const [, init] = toFetch({ method: "get", url: "https://api.github.com/x", headers });
    expect(Object.getPrototypeOf(init.headers)).toBe(Object.prototype);
    expect(Object.entries(init.headers as Record<string, string>)).toStrictEqual([["__proto__", "v"]]);
  });

  it("turns header values into text: numbers stringified, lists joined with a comma and a space", () => {
    const [, init] = toFetch(endpoint("GET /x", { headers: { "x-n": 1, "x-l": ["a", 2], "x-b": true } }));
    expect(init.headers).toMatchObject({ "x-n": "1", "x-l": "a, 2", "x-b": "true" });
  });
});

describe("octokitFetch: the global fetch with the method upper-cased", () => {
  /** Calls octokitFetch with a recording fetch in place of the global one: the arguments it passed on. */
  async function passedOn(input: unknown, init?: unknown): Promise<unknown[]> {
    const globalFetch = globalThis.fetch;
    let passed: unknown[] = [];
    globalThis.fetch = ((...args: unknown[]) => {
      passed = args;
      return Promise.resolve(new Response(null, { status: 204 }));
    }) as typeof fetch;
    try {
      await (octokitFetch as (input: unknown, init?: unknown) => Promise<unknown>)(input, init);
    } finally {
      globalThis.fetch = globalFetch;
    }
    return passed;
  }

  const signal = new AbortController().signal;

  it.each([
    {
      rule: "a lowercase method is upper-cased, every other field kept",
      init: { method: "patch", body: "{}", headers: { a: "1" }, redirect: "manual", signal, duplex: "half" },
      expected: { method: "PATCH", body: "{}", headers: { a: "1" }, redirect: "manual", signal, duplex: "half" },
    },
    { rule: "any case of a method it knows", init: { method: "Delete" }, expected: { method: "DELETE" } },
    { rule: "head is HEAD", init: { method: "head" }, expected: { method: "HEAD" } },
    { rule: "a method it does not know stays as written", init: { method: "purge" }, expected: { method: "purge" } },
  ])("$rule", async ({ init, expected }) => {
    const [url, sent] = await passedOn("https://api.example.com/x", init);
    expect(url).toBe("https://api.example.com/x");
    expect(sent).toStrictEqual(expected);
  });

  it("passes an uppercase method's init on as the same object, and no init as none", async () => {
    const init = { method: "PATCH" };
    expect((await passedOn("https://api.example.com/x", init))[1]).toBe(init);
    expect((await passedOn("https://api.example.com/x"))[1]).toBeUndefined();
  });

  it("keeps a Request as the input, its lowercase method upper-cased in the init", async () => {
    const request = new Request("https://api.example.com/x", { method: "patch", body: "{}" });
    const [input, init] = await passedOn(request);
    expect(input).toBe(request);
    expect(init).toStrictEqual({ method: "PATCH" });
  });

  it("sends PATCH, where fetch sends the lowercase patch @octokit/request gives it as written", async () => {
    const [url, init] = toFetch(endpoint("PATCH /x", { baseUrl: server.baseUrl, a: 1 }));
    const received = server.next();
    await octokitFetch(url, { ...init, method: "patch" });
    expect((await received).method).toBe("PATCH");
  });
});

describe("toNodeRequest", () => {
  it("sets content-length from the UTF-8 bytes of a JSON body, not its length in characters", () => {
    const { body, options } = toNodeRequest(endpoint("POST /x", { text: "😀" }));
    expect(Buffer.from(body ?? []).toString()).toBe('{"text":"😀"}');
    expect(options.headers["content-length"]).toBe("15");
  });

  it("carries node:http options from `request` over", () => {
    const agent = { fake: "agent" };
    const { options } = toNodeRequest(endpoint("GET /x", { request: { agent, timeout: 5, fetch: () => {} } }));
    expect(options).toMatchObject({ agent, timeout: 5, method: "GET" });
    expect(options).not.toHaveProperty("fetch");
  });

  const nodeKeys = ["signal", "lookup", "family", "localAddress", "ca", "cert", "key", "pfx", "passphrase"];
  it.each([...nodeKeys, "rejectUnauthorized", "servername"])("carries %s over from `request`, own keys only", (key) => {
    const value = { marker: key };
    expect(toNodeRequest(endpoint("GET /x", { request: { [key]: value } })).options).toHaveProperty([key], value);
    const inherited = toNodeRequest(endpoint("GET /x", { request: Object.create({ [key]: value }) })).options;
    expect(inherited).not.toHaveProperty([key]);
  });
});

/** Shell metacharacters, or any code point but NUL and surrogates (a command line holds neither). */
const shellTextUnit = fc.oneof(
  fc.constantFrom(..."'\"\\$`\n\t\r !*?~%#{}[];&|()<>-="),
  fc
    .integer({ min: 1, max: 0x10ffff })
    .filter((code) => code < 0xd800 || code > 0xdfff)
    .map((code) => String.fromCodePoint(code)),
);

describe("toCurl", () => {
  const methodCases: readonly { rule: string; route: string; options?: Record<string, unknown>; flag: string }[] = [
    { rule: "GET: no -X", route: "GET /x", flag: "curl -sS -H" },
    { rule: "POST with a body: no -X, curl infers it", route: "POST /x", options: { a: 1 }, flag: "curl -sS -H" },
    { rule: "POST without body: -X POST", route: "POST /x", flag: "curl -sS -X POST -H" },
    { rule: "HEAD: --head (-X HEAD would wait for a body)", route: "HEAD /x", flag: "curl -sS --head -H" },
    { rule: "PATCH: -X PATCH", route: "PATCH /x", flag: "curl -sS -X PATCH -H" },
    { rule: "OPTIONS: -X OPTIONS", route: "OPTIONS /x", flag: "curl -sS -X OPTIONS -H" },
  ];
  it.each(methodCases)("$rule", ({ route, options, flag }) => {
    expect(toCurl(endpoint(route, options))).toMatch(new RegExp(`^${flag} `));
  });

  it("reads the readme's example: headers quoted, url last", () => {
    expect(toCurl(endpoint("GET /user", { headers: { "user-agent": "ua" } }))).toBe(
      "curl -sS -H 'accept: application/vnd.github.v3+json' -H 'user-agent: ua' https://api.github.com/user",
    );
  });

  it("adds --globoff only when the url holds [ ] { } (curl globbing)", () => {
    expect(toCurl(endpoint("GET /x{?q}", { q: "[a]" }))).not.toContain("--globoff");
    expect(toCurl(endpoint({ method: "GET", url: "https://h.example/x?a[]=1" }))).toContain("--globoff");
  });

  it.each(["sh", "bash"])(
    "quotes any text so that %s gives it back unchanged (300 random strings, one run)",
    async (shell) => {
      const strings = [
        "",
        "'",
        "''",
        "a'b",
        "$HOME",
        "`id`",
        "$(id)",
        "\\",
        "\n",
        "!",
        "~",
        "*",
        "-n",
        ...fc.sample(fc.string({ unit: shellTextUnit, maxLength: 40 }), { numRuns: 300, seed: 7 }),
      ];
      const { stdout, code } = await runFile(shell, ["-c", `printf '%s\\0' ${strings.map(shellQuote).join(" ")}`]);
      expect(code).toBe(0);
      expect(stdout.split("\0").slice(0, -1)).toEqual(strings);
    },
  );
});

/** Starts of a body that printf, the shell or curl could read as something other than the body's bytes. */
const BODY_STARTS = [
  "-",
  "--",
  "-v",
  "--help",
  "-%s",
  "%",
  "%s",
  "%%",
  "%b",
  "\\",
  "\\c",
  "\\0",
  "\\n",
  "'",
  "@-",
  "$x",
];

const printfCases: readonly { rule: string; data: string | Uint8Array; body: Buffer }[] = [
  ...BODY_STARTS.flatMap((start) => [
    {
      rule: `bytes starting with ${JSON.stringify(start)} (through printf)`,
      data: Uint8Array.of(...Buffer.from(start), 0, 255, 45, 10),
      body: Buffer.from([...Buffer.from(start), 0, 255, 45, 10]),
    },
    {
      rule: `text starting with ${JSON.stringify(start)} and holding a control character (through printf)`,
      data: `${start} \u0001 ü`,
      body: Buffer.from(`${start} \u0001 ü`),
    },
    {
      rule: `text starting with ${JSON.stringify(start)} (inline)`,
      data: `${start} ü`,
      body: Buffer.from(`${start} ü`),
    },
  ]),
  { rule: "every byte, 0x00 to 0xFF, in order", data: ALL_BYTES, body: Buffer.from(ALL_BYTES) },
  {
    rule: "every byte, 0xFF to 0x00, in order",
    data: ALL_BYTES.slice().reverse(),
    body: Buffer.from(ALL_BYTES).reverse(),
  },
];

describe("toCurl: a body arrives byte for byte, whatever it starts with", () => {
  it.skip.each(CURL ? [] : printfCases)("$rule", () => {});
  it.each(CURL ? printfCases : [])("$rule: sh runs the command, curl sends the body", async ({ data, body }) => {
    const options = endpoint("POST /upload", {
      baseUrl: server.baseUrl,
      data,
      headers: { "content-type": "application/octet-stream" },
    });
    const received = await send("curl", options);
    expect(received.body.equals(body), `body ${received.body.toString("hex")} ≠ ${body.toString("hex")}`).toBe(true);
  });

  // printf reads only the start of its first argument as options: a body of each first byte, then every byte.
  it.each(["sh", "bash"])("every first byte 0x00 to 0xFF: %s's printf writes exactly the body", async (shell) => {
    const dir = mkdtempSync(join(tmpdir(), "endpoint-options-printf-"));
    try {
      const bodies = Array.from({ length: 256 }, (_, first) => Uint8Array.of(first, ...ALL_BYTES));
      // The printed `printf '…' | curl …` without its curl: the format holds no "'", so the first "' | " ends it.
      const script = bodies.map((body, i) => {
        const command = toCurl({ method: "post", url: "https://h.example/upload", headers: {}, body });
        expect(command.startsWith("printf '")).toBe(true);
        return `${command.slice(0, command.indexOf("' | curl ") + 1)} > ${shellQuote(join(dir, String(i)))}`;
      });
      const { code, stderr } = await runFile(shell, ["-s"], { input: script.join("\n") });
      expect(stderr).toBe("");
      expect(code).toBe(0);
      for (const [i, body] of bodies.entries()) {
        expect([i, readFileSync(join(dir, String(i))).toString("hex")]).toEqual([i, Buffer.from(body).toString("hex")]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const badInputs: readonly { rule: string; input: unknown; code: string; clients?: readonly Client[] }[] = [
  { rule: "not request options (null)", input: null, code: "ERR_MISSING_URL" },
  { rule: "not request options (a string)", input: "GET /user", code: "ERR_MISSING_URL" },
  { rule: "no url", input: { method: "get", headers: {} }, code: "ERR_MISSING_URL" },
  { rule: "not request options (undefined)", input: undefined, code: "ERR_MISSING_URL" },
  {
    rule: "not request options (an array, even one with a url)",
    input: Object.assign([], { method: "get", url: "https://h.example/" }),
    code: "ERR_MISSING_URL",
  },
  { rule: "a null url", input: { method: "get", url: null, headers: {} }, code: "ERR_MISSING_URL" },
  { rule: "an empty url", input: { method: "get", url: "", headers: {} }, code: "ERR_MISSING_URL" },
  { rule: "an empty object: no url, named before the missing method", input: {}, code: "ERR_MISSING_URL" },
  {
    rule: "no method",
    input: { url: "https://h.example/", headers: {} },
    code: "ERR_INVALID_METHOD",
  },
  { rule: "url not a string", input: { method: "get", url: 1, headers: {} }, code: "ERR_INVALID_ROUTE" },
  {
    rule: "unknown method",
    input: { method: "trace", url: "https://h.example/", headers: {} },
    code: "ERR_INVALID_METHOD",
  },
  {
    rule: "header name not a token",
    input: { method: "get", url: "https://h.example/", headers: { "a b": "1" } },
    code: "ERR_INVALID_HEADER",
  },
  {
    rule: "header value with a line break",
    input: { method: "get", url: "https://h.example/", headers: { a: "1\r\nb: 2" } },
    code: "ERR_INVALID_HEADER",
  },
  {
    rule: "header value not ASCII (fetch would send Latin-1, node:http refuses it)",
    input: { method: "get", url: "https://h.example/", headers: { a: "é" } },
    code: "ERR_INVALID_HEADER",
  },
  {
    rule: "transfer-encoding (the adapters frame the body; beside content-length a server answers 400)",
    input: { method: "post", url: "https://h.example/", headers: { "transfer-encoding": "chunked" }, body: "abc" },
    code: "ERR_INVALID_HEADER",
  },
  ...(["expect", "keep-alive", "upgrade"] as const).map((name) => ({
    rule: `${name} (fetch refuses it at send time)`,
    input: { method: "post", url: "https://h.example/", headers: { [name]: "x" }, body: "abc" },
    code: "ERR_INVALID_HEADER",
    clients: ["fetch"] as const,
  })),
  {
    rule: "header value with a control character",
    input: { method: "get", url: "https://h.example/", headers: { a: "\u0007" } },
    code: "ERR_INVALID_HEADER",
  },
  {
    rule: "content-length that does not match the body",
    input: { method: "post", url: "https://h.example/", headers: { "content-length": "9" }, body: "abc" },
    code: "ERR_INVALID_HEADER",
  },
  {
    rule: "GET with a body",
    input: { method: "get", url: "https://h.example/", headers: {}, body: "x" },
    code: "ERR_INVALID_PARAMETER",
  },
  {
    rule: "HEAD with a body",
    input: { method: "head", url: "https://h.example/", headers: {}, body: "x" },
    code: "ERR_INVALID_PARAMETER",
  },
  ...(
    [
      ["a Map", new Map()],
      ["a function with a pipe method", Object.assign(() => {}, { pipe: (to: unknown) => to })],
      [
        "an instance whose pipe is not a function",
        new (class Piped {
          pipe = 1;
        })(),
      ],
    ] as const
  ).map(([what, body]) => ({
    rule: `a body no client can send (${what})`,
    input: { method: "post", url: "https://h.example/", headers: {}, body },
    code: "ERR_INVALID_PARAMETER",
  })),
  {
    rule: "a stream body that fetch cannot read (a pipe method, not async iterable)",
    input: {
      method: "post",
      url: "https://h.example/",
      headers: {},
      body: new (class Pipe {
        pipe(to: unknown) {
          return to;
        }
      })(),
    },
    code: "ERR_INVALID_PARAMETER",
    clients: ["fetch"],
  },
  {
    rule: "a number body JSON cannot write (NaN)",
    input: { method: "post", url: "https://h.example/", headers: {}, body: Number.NaN },
    code: "ERR_INVALID_PARAMETER",
  },
  {
    rule: "a JSON body that JSON cannot hold (BigInt)",
    input: { method: "post", url: "https://h.example/", headers: {}, body: { n: 1n } },
    code: "ERR_INVALID_PARAMETER",
  },
  {
    rule: "request meta that is not an object",
    input: { method: "get", url: "https://h.example/", headers: {}, request: "fast" },
    code: "ERR_INVALID_PARAMETER",
  },
  {
    rule: "request meta that is a list",
    input: { method: "get", url: "https://h.example/", headers: {}, request: [] },
    code: "ERR_INVALID_PARAMETER",
  },
  {
    rule: "a path without base url (node:http and curl need a full url)",
    input: { method: "get", url: "/user", headers: {} },
    code: "ERR_INVALID_ROUTE",
    clients: ["node:http", "curl"],
  },
  {
    rule: "a Blob body (cannot be written synchronously)",
    input: { method: "post", url: "https://h.example/", headers: {}, body: new Blob(["x"]) },
    code: "ERR_INVALID_PARAMETER",
    clients: ["node:http", "curl"],
  },
  {
    rule: "a stream body (cannot go into a command line)",
    input: { method: "post", url: "https://h.example/", headers: {}, body: Readable.from(["x"]) },
    code: "ERR_INVALID_PARAMETER",
    clients: ["curl"],
  },
];

const ADAPTERS: Record<Client, (options: RequestOptions) => unknown> = {
  fetch: toFetch,
  "node:http": toNodeRequest,
  curl: toCurl,
};

describe("bad input", () => {
  const cases = badInputs.flatMap((c) => (c.clients ?? CLIENTS).map((client) => ({ ...c, client })));
  it.each(cases)("$client — $rule: $code", ({ client, input, code }) => {
    const adapter = ADAPTERS[client];
    endpointErrorFrom(() => adapter(input as RequestOptions), code);
  });
});

describe("a JSON body is written by the adapters", () => {
  const post = (body: unknown) => ({ method: "post", url: "https://h.example/", headers: {}, body }) as RequestOptions;
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = { back: cyclic };
  /** A body whose innermost object is `levels` objects down (the body itself is level 0). */
  const deep = (levels: number) => {
    const root: Record<string, unknown> = {};
    let node = root;
    for (let i = 0; i < levels; i++) node = node.a = {};
    return root;
  };
  const refused = [
    ["a BigInt", { n: 1n }, 'holds a BigInt under key "n"'],
    ["a cycle", cyclic, 'refers back to an object that holds it (a cycle, under key "back")'],
    ["a boxed BigInt", { n: Object(1n) }, 'holds a BigInt under key "n"'],
    ["nesting too deep for JSON.stringify", deep(100_000), "nests more than 1000 levels deep"],
    ["a BigInt after a finished sibling object", { a: { b: {} }, c: 1n }, 'holds a BigInt under key "c"'],
  ] as const;
  it.each(CLIENTS.flatMap((client) => refused.map(([what, body, message]) => ({ client, what, body, message }))))(
    "$client refuses $what, saying where",
    ({ client, body, message }) => {
      expect(() => ADAPTERS[client](post(body))).toThrow(message);
    },
  );

  it.each(CLIENTS)("%s writes an object shared by two keys (not a cycle) and 1,000 levels", (client) => {
    const shared = { x: [1] };
    expect(() => ADAPTERS[client](post({ a: shared, b: [shared, shared] }))).not.toThrow();
    expect(() => ADAPTERS[client](post(deep(1000)))).not.toThrow();
    expect(toNodeRequest(post({ a: shared, b: [shared] })).body).toEqual(
      new TextEncoder().encode('{"a":{"x":[1]},"b":[{"x":[1]}]}'),
    );
  });

  class Mine extends Error {}
  /** What `run` throws, itself (toThrow() would compare messages only). */
  const thrownBy = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return "nothing thrown";
  };
  const fromToJSON = new Mine("toJSON");
  const fromGetter = new Mine("getter");
  const fromTrap = new Mine("ownKeys");
  const ownTypeError = new TypeError("mine");
  const throwing = [
    [
      "a toJSON",
      {
        a: {
          toJSON: () => {
            throw fromToJSON;
          },
        },
      },
      fromToJSON,
    ],
    [
      "a getter",
      {
        get a() {
          throw fromGetter;
        },
      },
      fromGetter,
    ],
    [
      "a Proxy trap",
      {
        a: new Proxy(
          {},
          {
            ownKeys: () => {
              throw fromTrap;
            },
          },
        ),
      },
      fromTrap,
    ],
    [
      "a TypeError of its own",
      {
        a: {
          toJSON: () => {
            throw ownTypeError;
          },
        },
      },
      ownTypeError,
    ],
  ] as const;
  it.each(CLIENTS.flatMap((client) => throwing.map(([what, body, error]) => ({ client, what, body, error }))))(
    "$client passes on what $what throws, unchanged",
    ({ client, body, error }) => {
      expect(thrownBy(() => ADAPTERS[client](post(body)))).toBe(error);
    },
  );

  it.each(CLIENTS)("%s passes on an error thrown on the first write only, unchanged", (client) => {
    const once = new Mine("once");
    let writes = 0;
    const body = {
      a: {
        toJSON: () => {
          writes += 1;
          if (writes === 1) throw once;
          return 1;
        },
      },
    };
    expect(thrownBy(() => ADAPTERS[client](post(body)))).toBe(once);
  });

  /** `inner` inside `levels` arrays, beside a value whose toJSON throws on the first write only. */
  const nestedBesideOnce = (inner: unknown, levels: number, once: Error) => {
    let value = inner;
    for (let i = 0; i < levels; i++) value = [value];
    let writes = 0;
    const leaf = {
      toJSON: () => {
        writes += 1;
        if (writes === 1) throw once;
        return 1;
      },
    };
    return [value, leaf];
  };
  it.each(CLIENTS)("%s counts depth by objects (up to level 1,000), not by the values in them", (client) => {
    const once = new Mine("once");
    // The body is level 0, so the innermost array of 999 is level 999 and what it holds level 1,000.
    expect(thrownBy(() => ADAPTERS[client](post(nestedBesideOnce({}, 999, once))))).toBe(once);
    expect(thrownBy(() => ADAPTERS[client](post(nestedBesideOnce("leaf", 1000, once))))).toBe(once);
    expect(thrownBy(() => ADAPTERS[client](post(nestedBesideOnce(null, 1000, once))))).toBe(once);
    expect(() => ADAPTERS[client](post(nestedBesideOnce({}, 1000, once)))).toThrow("nests more than 1000 levels deep");
  });
});

describe("tree-shaking", () => {
  async function bundle(source: string): Promise<string> {
    const result = await build({
      stdin: { contents: source, resolveDir: new URL(".", import.meta.url).pathname, loader: "ts" },
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      define: { __VERSION__: '"0.0.0"' },
      logLevel: "silent",
    });
    return result.outputFiles[0]?.text ?? "";
  }

  it("a bundle that imports only endpoint keeps none of the adapters; each adapter keeps only itself", async () => {
    const core = await bundle('import { endpoint } from "../src/index.js"; console.log(endpoint("GET /"));');
    expect(core).not.toMatch(/--data-raw|duplex|FETCH_INIT_KEYS|NODE_OPTION_KEYS/);
    const fetchOnly = await bundle('import { toFetch } from "../src/index.js"; console.log(toFetch);');
    expect(fetchOnly).toContain("duplex");
    expect(fetchOnly).not.toMatch(/--data-raw|rejectUnauthorized/);
    const curlOnly = await bundle('import { toCurl } from "../src/index.js"; console.log(toCurl);');
    expect(curlOnly).toContain("--data-raw");
    expect(curlOnly).not.toMatch(/duplex|rejectUnauthorized/);
  });
});

describe("content-length on a kept-alive connection: refused at the call, held to by streams", () => {
  const kept = useKeptAliveServer();
  /** Sends with node:http over `agent` and waits for the response's end. */
  const sendNode = (options: RequestOptions, agent: Agent) => {
    const { url, options: init, body, stream } = toNodeRequest({ ...options, request: { agent } });
    return sendWithNode(url, init, (req) => (stream ? stream.pipe(req) : req.end(body)));
  };
  it("the hazard: a body longer than its content-length, sent by node:http itself, carries a second request", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = { "content-length": "3" };
      await sendWithNode(`${kept.baseUrl}/first`, { method: "POST", headers, agent }, (req) =>
        req.end(`abc${SMUGGLED}`),
      );
      expect(kept.received.map(({ path, body }) => [path, body])).toEqual([
        ["/first", "abc"],
        ["/smuggled", ""],
      ]);
    } finally {
      agent.destroy();
    }
  });

  /** Request options that every client used to send as they are, each with a content-length that lies. */
  const lying: readonly { rule: string; options: RequestOptions; call: () => RequestOptions }[] = [
    {
      rule: "a body longer than its content-length (the rest is read as the next request)",
      options: {
        method: "post",
        url: "https://h.example/x",
        headers: { "content-length": "3" },
        body: `abc${SMUGGLED}`,
      },
      call: () => endpoint("POST /x", { data: `abc${SMUGGLED}`, headers: { "content-length": 3 } }),
    },
    {
      rule: "a body shorter than its content-length (the next request is read as its end)",
      options: { method: "post", url: "https://h.example/x", headers: { "content-length": "10" }, body: "abc" },
      call: () => endpoint("POST /x", { data: "abc", headers: { "content-length": 10 } }),
    },
    {
      rule: "UTF-8 text measured in characters",
      options: { method: "post", url: "https://h.example/x", headers: { "content-length": "5" }, body: "Grüße" },
      call: () => endpoint("POST /x", { data: "Grüße", headers: { "content-length": "Grüße".length } }),
    },
    {
      rule: "a JSON body measured before it is written",
      options: { method: "post", url: "https://h.example/x", headers: { "content-length": "1" }, body: { a: 1 } },
      call: () => endpoint("POST /x", { a: 1, headers: { "content-length": 1 } }),
    },
    {
      rule: "a GET with a content-length",
      options: { method: "get", url: "https://h.example/x", headers: { "content-length": "5" } },
      call: () => endpoint("GET /x", { headers: { "content-length": 5 } }),
    },
    {
      rule: "a DELETE without a body, with a content-length",
      options: { method: "delete", url: "https://h.example/x", headers: { "content-length": "5" } },
      call: () => endpoint("DELETE /x", { headers: { "content-length": 5 } }),
    },
    {
      rule: "FormData with a content-length",
      options: { method: "post", url: "https://h.example/x", headers: { "content-length": "5" }, body: new FormData() },
      call: () => endpoint("POST /x", { data: new FormData(), headers: { "content-length": 5 } }),
    },
  ];
  it.each(lying.flatMap((c) => CLIENTS.map((client) => ({ ...c, client }))))(
    "$client — $rule: ERR_INVALID_HEADER at the call",
    ({ client, options, call }) => {
      endpointErrorFrom(() => ADAPTERS[client](options), "ERR_INVALID_HEADER");
      endpointErrorFrom(call, "ERR_INVALID_HEADER");
    },
  );

  it("node:http: true lengths go out one after another on one socket, each request intact", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const options of truthfulRequests(kept.baseUrl)) await sendNode(options, agent);
    } finally {
      agent.destroy();
    }
    expect(kept.received.map(({ method, path, body }) => [method, path, body])).toEqual(TRUTHFUL_ARRIVALS);
    expect(new Set(kept.received.map(({ socket }) => socket)).size).toBe(1);
  });

  it("node:http: a stream of its content-length goes out on the kept-alive socket, and so does the next request", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const data = Readable.from([Buffer.from("abc"), "déf"]);
      await sendNode(
        endpoint("POST /stream", { baseUrl: kept.baseUrl, data, headers: { "content-length": 7 } }),
        agent,
      );
      await sendNode(endpoint("GET /next", { baseUrl: kept.baseUrl }), agent);
    } finally {
      agent.destroy();
    }
    expect(kept.received.map(({ path, body }) => [path, body])).toEqual([
      ["/stream", "abcdéf"],
      ["/next", ""],
    ]);
    expect(kept.received[0]?.socket).toBe(kept.received[1]?.socket);
  });

  it.each([
    [
      "more",
      () => [Buffer.from("abc"), Buffer.from(SMUGGLED)],
      'sends more than 3 bytes, and header "content-length" is "3"',
    ],
    ["fewer", () => [Buffer.from("ab")], 'ended after 2 bytes, and header "content-length" is "3"'],
  ])(
    "node:http: a stream that sends %s bytes than its content-length destroys its request; the next arrives intact",
    async (_, chunks, message) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const data = Readable.from(chunks());
        const options = endpoint("POST /stream", { baseUrl: kept.baseUrl, data, headers: { "content-length": 3 } });
        const error = await sendNode(options, agent).then(
          () => "sent",
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(EndpointError);
        expect((error as EndpointError).code).toBe("ERR_INVALID_HEADER");
        expect((error as EndpointError).message).toContain(message);
        await sendNode(endpoint("GET /next", { baseUrl: kept.baseUrl }), agent);
      } finally {
        agent.destroy();
      }
      // Nothing the stream held is read as a request; a stream that wrote its 3 bytes was a whole request.
      expect(kept.received.map(({ path }) => path).filter((path) => path !== "/stream")).toEqual(["/next"]);
    },
  );
});

// One classifier (body.ts bodyKind) decides both what endpoint() labels and how the adapters send a body:
// for each kind of body, endpoint()'s content-type and the adapters' body must tell the same story.
describe("endpoint() and the adapters read a body as the same kind (body.ts bodyKind)", () => {
  type Sent = "json" | "text" | "as-is" | "stream" | "none" | "refused";
  interface BodyCase {
    kind: string;
    body: () => unknown;
    /** Whether endpoint() labels it JSON. */
    json: boolean;
    /** What toFetch() sends. */
    fetch: Sent;
    /** What toNodeRequest() sends. */
    node: Sent;
  }
  const asyncIterator = async function* () {
    yield new Uint8Array([104, 105]);
  };
  const cases: BodyCase[] = [
    { kind: "a plain object", body: () => ({ a: 1 }), json: true, fetch: "json", node: "json" },
    { kind: "an array", body: () => [1, "a"], json: true, fetch: "json", node: "json" },
    { kind: "a string", body: () => '{"a":1}', json: true, fetch: "text", node: "text" },
    { kind: "a number", body: () => 42, json: true, fetch: "json", node: "json" },
    // endpoint() labels a null body as @octokit/endpoint does; fetch reads null as no body.
    { kind: "null", body: () => null, json: true, fetch: "none", node: "none" },
    { kind: "bytes", body: () => new Uint8Array([1, 2]), json: false, fetch: "as-is", node: "as-is" },
    { kind: "a Blob", body: () => new Blob(["x"]), json: false, fetch: "as-is", node: "refused" },
    { kind: "FormData", body: () => new FormData(), json: false, fetch: "as-is", node: "refused" },
    {
      kind: "URLSearchParams",
      body: () => new URLSearchParams("a=1"),
      json: false,
      fetch: "as-is",
      node: "text",
    },
    { kind: "a ReadableStream", body: () => new ReadableStream(), json: false, fetch: "stream", node: "refused" },
    { kind: "a Node.js stream", body: () => Readable.from(["x"]), json: false, fetch: "stream", node: "stream" },
    {
      kind: "a plain object with Symbol.asyncIterator",
      body: () => ({ [Symbol.asyncIterator]: asyncIterator }),
      json: false,
      fetch: "stream",
      node: "refused",
    },
    {
      kind: "a class instance that is async iterable",
      body: () =>
        new (class Chunks {
          [Symbol.asyncIterator]() {
            return asyncIterator();
          }
        })(),
      json: false,
      fetch: "stream",
      node: "refused",
    },
    { kind: "an async generator object", body: () => asyncIterator(), json: false, fetch: "stream", node: "refused" },
    // A sync generator is no stream fetch reads, and no JSON: labelled JSON as any other object, sent by none.
    {
      kind: "a generator object",
      body: () =>
        (function* () {
          yield 1;
        })(),
      json: true,
      fetch: "refused",
      node: "refused",
    },
  ];

  function fetchSent(body: unknown): Sent {
    let init: ReturnType<typeof toFetch>[1];
    try {
      init = toFetch({ method: "post", url: "https://h.example/", headers: {}, body })[1];
    } catch (error) {
      expect(error).toBeInstanceOf(EndpointError);
      return "refused";
    }
    if (init.body === undefined) return "none";
    if (init.duplex === "half") return init.body === body ? "stream" : "as-is";
    if (init.body === body) return "as-is";
    const text = new TextDecoder().decode(init.body as Uint8Array);
    return text === body ? "text" : text === JSON.stringify(body) ? "json" : "as-is";
  }

  function nodeSent(body: unknown): Sent {
    let sent: ReturnType<typeof toNodeRequest>;
    try {
      sent = toNodeRequest({ method: "post", url: "https://h.example/", headers: {}, body });
    } catch (error) {
      expect(error).toBeInstanceOf(EndpointError);
      return "refused";
    }
    if (sent.stream !== undefined) return "stream";
    if (sent.body === undefined) return "none";
    const text = new TextDecoder().decode(sent.body);
    if (typeof body === "string" || tagOf(body) === "[object URLSearchParams]")
      return text === String(body) ? "text" : "as-is";
    return text === JSON.stringify(body) && !(body instanceof Uint8Array) ? "json" : "as-is";
  }

  const tagOf = (value: unknown): string => Object.prototype.toString.call(value);

  it.each(cases)("$kind: endpoint() labels it JSON only when the adapters write it as JSON or text", (c) => {
    const options = endpoint("POST /x", { data: c.body() });
    expect(options.headers["content-type"] === "application/json; charset=utf-8").toBe(c.json);
    expect(fetchSent(options.body)).toBe(c.fetch);
    expect(nodeSent(c.body())).toBe(c.node);
  });

  it.each(cases.filter((c) => c.fetch === "stream"))(
    "$kind: a stream to endpoint() (no label, any content-length a length) is a stream to both adapters",
    (c) => {
      expect(endpoint("POST /x", { data: c.body(), headers: { "content-length": 2 } }).headers["content-length"]).toBe(
        2,
      );
      expect(fetchSent(c.body())).toBe("stream");
      const node = nodeSent(c.body());
      if (node === "refused") {
        // node:http pipes only a Node.js stream: the message says how to make one.
        expect(() => toNodeRequest({ method: "post", url: "https://h.example/", headers: {}, body: c.body() })).toThrow(
          /Readable\.from(Web)?\(body\)/,
        );
      } else expect(node).toBe("stream");
    },
  );
});
