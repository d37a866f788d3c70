// A real node:http server on 127.0.0.1 (random port) that records what each request put on the wire.
import { execFile } from "node:child_process";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";

/** What the server received: method, path and query as sent, headers (names lowercase), body bytes. */
export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Every request body the server accepts is capped, so a runaway client cannot fill memory. */
const MAX_BODY = 1 << 20;

export interface RecordingServer {
  readonly baseUrl: string;
  /** Waits for the next recorded request (in arrival order), at most `ms` milliseconds. */
  next(ms?: number): Promise<Received>;
  /** Forgets requests nobody waited for and waiters from a failed test, so one failure cannot spill into the next. */
  reset(): void;
  close(): Promise<void>;
}

function headersOf(message: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  const raw = message.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    headers[name] = name in headers ? `${headers[name]}, ${raw[i + 1]}` : (raw[i + 1] as string);
  }
  return headers;
}

export async function startServer(): Promise<RecordingServer> {
  const queue: Received[] = [];
  const waiting: ((received: Received) => void)[] = [];
  const record = (received: Received): void => {
    const waiter = waiting.shift();
    if (waiter) waiter(received);
    else queue.push(received);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const received: Received = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: headersOf(req),
        body: Buffer.concat(chunks),
      };
      record(received);
      res.writeHead(200, { "content-type": "text/plain", connection: "close" });
      res.end("ok");
    });
  });
  // A request node:http cannot parse (a lower-case `patch`, say) is recorded too, so a test fails at once and says why.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    record({
      method: `unparsable request (${error.code ?? error.message})`,
      path: "",
      headers: {},
      body: Buffer.alloc(0),
    });
    socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    reset() {
      queue.length = 0;
      waiting.length = 0;
    },
    next(ms = 3000) {
      const ready = queue.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no request reached the server within ${ms} ms`)), ms);
        waiting.push((received) => {
          clearTimeout(timer);
          resolve(received);
        });
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A recording server for the calling test file: started before its tests, closed after them, and reset
 * before each test. Use it inside the tests (it starts in `beforeAll`).
 */
export function useRecordingServer(): RecordingServer {
  let started: RecordingServer | undefined;
  beforeAll(async () => {
    started = await startServer();
  });
  beforeEach(() => started?.reset());
  afterAll(() => started?.close());
  const current = (): RecordingServer => {
    if (started === undefined) throw new Error("the recording server starts in beforeAll: use it inside a test");
    return started;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    next: (ms) => current().next(ms),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/** Runs a command line with `sh -c`, bounded in time; resolves with its exit code and output. */
export function runShell(
  command: string,
  options: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return runFile("sh", ["-c", command], options);
}

/** Runs a program without a shell, bounded in time (10 s); resolves with its exit code and output. */
export function runFile(
  file: string,
  args: readonly string[],
  options: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      args,
      { timeout: 10_000, maxBuffer: 4 << 20, env: options.env ?? process.env, encoding: "utf8" },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    // A child that exits without reading its input must not fail the test run with EPIPE.
    child.stdin?.on("error", () => {});
    child.stdin?.end(options.input ?? "");
  });
}

/** Sends a request with node:http and waits for the whole response (10 s at most). */
export function sendWithNode(
  url: string,
  options: Record<string, unknown>,
  write: (request: import("node:http").ClientRequest) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { ...options, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("timeout", () => req.destroy(new Error("node:http request timed out")));
    req.on("error", reject);
    write(req);
  });
}
