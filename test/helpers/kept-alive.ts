// A node:http server on 127.0.0.1 that keeps connections alive and numbers them, and requests that must go
// out one after another on one of them: for the tests of content-length on a kept-alive connection
// (test/adapters.test.ts with node:http, test/clients.test.ts with undici).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { endpoint, type RequestOptions } from "../../src/index.js";

/** A request the server recorded: what arrived, and the number of the connection it came on. */
export interface KeptAliveRequest {
  method: string;
  path: string;
  body: string;
  socket: number;
}

export interface KeptAliveServer {
  readonly baseUrl: string;
  /** Every request read so far, in order; emptied before each test. */
  readonly received: KeptAliveRequest[];
}

/**
 * A server for the calling test file that keeps connections alive (the recording server of server.ts closes
 * each one) and numbers them: a request that arrives on the socket of the one before it was sent on a
 * kept-alive connection. Started before the file's tests, closed after them.
 */
export function useKeptAliveServer(): KeptAliveServer {
  const received: KeptAliveRequest[] = [];
  const sockets = new WeakMap<object, number>();
  let count = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      received.push({ method: req.method ?? "", path: req.url ?? "", body, socket: sockets.get(req.socket) ?? 0 });
      res.end("ok");
    });
  });
  server.on("connection", (socket) => sockets.set(socket, ++count));
  let baseUrl: string | undefined;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    received.length = 0;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    get baseUrl() {
      if (baseUrl === undefined) throw new Error("the kept-alive server starts in beforeAll: use it inside a test");
      return baseUrl;
    },
    received,
  };
}

/** A request that a server reads after a body that stops short of it. */
export const SMUGGLED = "GET /smuggled HTTP/1.1\r\nhost: x\r\n\r\n";

/** Requests whose content-length is true, given as digits or a number, or computed, and one without a body. */
export function truthfulRequests(baseUrl: string): RequestOptions[] {
  return [
    endpoint("POST /given", { baseUrl, data: "abc", headers: { "content-type": "text/plain", "content-length": "3" } }),
    endpoint("POST /utf8", { baseUrl, data: "Grüße", headers: { "content-type": "text/plain", "content-length": 7 } }),
    endpoint("POST /json", { baseUrl, title: "ü", headers: { "content-length": 14 } }),
    endpoint("PUT /empty", { baseUrl, headers: { "content-length": 0 } }),
    endpoint("POST /computed", { baseUrl, data: Uint8Array.of(1, 2), headers: { "content-type": "x/y" } }),
    endpoint("GET /last", { baseUrl }),
  ];
}

/** What the server reads of `truthfulRequests`: method, path and body of each, intact. */
export const TRUTHFUL_ARRIVALS = [
  ["POST", "/given", "abc"],
  ["POST", "/utf8", "Grüße"],
  ["POST", "/json", '{"title":"ü"}'],
  ["PUT", "/empty", ""],
  ["POST", "/computed", "\u0001\u0002"],
  ["GET", "/last", ""],
];
