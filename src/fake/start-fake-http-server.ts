import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { getResponse } from "msw";
import { findExcessiveByteNesting } from "../input/find-excessive-byte-nesting.js";
import { MAX_NESTING_DEPTH } from "../input/input-limits.js";
import type { FakeProvider } from "./create-fake-provider.js";
import { type ProviderErrorKind, providerErrorBody } from "./provider-error-reply.js";

/** The only address the fake server binds: it must be reachable from this machine alone. */
export const FAKE_HOST = "127.0.0.1";

/** Default request size limit: 32 MiB (a request over it gets 413 in the provider's shape). */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface FakeHttpServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  maxBodyBytes?: number;
  /** Called for a request no handler took, after it is answered 404. */
  onUnhandled?: (method: string, url: string) => void;
  /**
   * Called for a request the fake refuses before reading it as a turn: a body over maxBodyBytes
   * (answered 413) or nested past the input limit (400). `reason` says which, and the answer.
   */
  onRefused?: (method: string, url: string, reason: string) => void;
  /** Called when a handler throws (answered 500 in the provider's shape). */
  onInternalError?: (error: unknown) => void;
  /** Called for each new connection with the client's port (the gate finds the agent process by it). */
  onConnection?: (remotePort: number) => void;
  /**
   * Request body bytes held at once (default: twice maxBodyBytes): a request past it waits, its
   * body left unread in the socket (TCP holds the client back), until earlier ones are answered.
   * One request is always let through, whatever its size.
   */
  maxInFlightBytes?: number;
}

/** A running fake server. */
export interface FakeHttpServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly port: number;
  /** Stops accepting, ends open (hanging) exchanges, resolves when the server is closed. */
  close(): Promise<void>;
}

/** Bytes read past the limit before the connection is dropped instead of drained. */
const DRAIN_ALLOWANCE = 64 * 1024 * 1024;

/**
 * Serves a fake provider's MSW handlers over real HTTP on 127.0.0.1: each request becomes a fetch
 * Request resolved by msw's `getResponse` against the same handler array the unit tests and the
 * in-process loop use (style point 7; the way @mswjs/http-middleware hosts handlers).
 */
export function startFakeHttpServer(provider: FakeProvider, options: FakeHttpServerOptions = {}): Promise<FakeHttpServer> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const sockets = new Set<Socket>();
  const exchanges = new Set<AbortController>();
  const budget = createByteBudget(options.maxInFlightBytes ?? 2 * maxBodyBytes);

  const sendError = (response: ServerResponse, kind: ProviderErrorKind, status: number, message: string, close = false) => {
    const text = JSON.stringify(providerErrorBody(provider.protocol, kind, message));
    response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...(close ? { connection: "close" } : {}) });
    response.end(text);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const controller = new AbortController();
    exchanges.add(controller);
    response.on("close", () => {
      controller.abort();
      exchanges.delete(controller);
    });
    const method = request.method ?? "GET";
    const url = new URL(request.url ?? "/", `http://${FAKE_HOST}:${(request.socket.localPort ?? 0).toString()}`);
    // A body is held from its first byte until the handlers have answered (a streamed reply no longer needs it).
    const declared = Number(request.headers["content-length"] ?? "NaN");
    const release = await budget.acquire(Number.isFinite(declared) ? Math.min(declared, maxBodyBytes) : maxBodyBytes, controller.signal);
    response.on("close", release);
    try {
      await answer(request, response, controller, method, url, release);
    } finally {
      release();
    }
  };

  const answer = async (request: IncomingMessage, response: ServerResponse, controller: AbortController, method: string, url: URL, release: () => void) => {
    const body = await readBody(request, maxBodyBytes);
    if (body === "too-large") {
      options.onRefused?.(method, url.href, `a body over ${maxBodyBytes} bytes (answered 413)`);
      sendError(response, "too-large", 413, `Request body exceeds the limit of ${maxBodyBytes} bytes (correx fake).`, true);
      return;
    }
    if (body === "aborted") return;
    // Refused before any parser or schema walk recurses into it (a 100,000-deep body overflowed the stack: 500).
    if (findExcessiveByteNesting(body, MAX_NESTING_DEPTH) !== -1) {
      options.onRefused?.(method, url.href, `a body nested deeper than ${MAX_NESTING_DEPTH} levels (answered 400)`);
      sendError(response, "invalid-request", 400, `Request body nests deeper than ${MAX_NESTING_DEPTH} levels (correx fake).`);
      return;
    }
    const headers = new Headers();
    for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
      const name = request.rawHeaders[index].toLowerCase();
      if (name === "connection" || name === "keep-alive" || name === "transfer-encoding" || name === "content-length") continue;
      headers.append(name, request.rawHeaders[index + 1]);
    }
    const fetchRequest = new Request(url, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : body,
      signal: controller.signal,
    });
    let mocked: Response | undefined;
    try {
      mocked = await getResponse(provider.handlers, fetchRequest);
    } catch (error) {
      options.onInternalError?.(error);
      if (!response.headersSent) sendError(response, "server-error", 500, "The correx fake failed while answering this request.");
      return;
    }
    if (mocked !== undefined && mocked.type !== "error") {
      // The reply is made: the body is no longer needed while it streams (a hanging stream must not hold it).
      release();
      await writeResponse(mocked, response, controller.signal);
      return;
    }
    if (mocked === undefined) {
      await provider.recordUnhandled(new Request(url, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : body }));
      options.onUnhandled?.(method, url.href);
      sendError(response, "not-found", 404, `correx fake: no handler for ${method} ${url.pathname}${url.search} (this fake serves ${provider.protocol})`);
      return;
    }
    response.destroy();
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.onInternalError?.(error);
      if (!response.headersSent) sendError(response, "server-error", 500, "The correx fake failed while answering this request.");
      else response.destroy();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    if (socket.remotePort !== undefined) options.onConnection?.(socket.remotePort);
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    else socket.destroy();
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, FAKE_HOST, () => {
      server.off("error", reject);
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({
        url: `http://${FAKE_HOST}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const controller of exchanges) controller.abort();
            server.closeIdleConnections();
            setTimeout(() => {
              for (const socket of sockets) socket.destroy();
            }, 100).unref();
          }),
      });
    });
  });
}

/**
 * A count of bytes held at once: `acquire(n)` waits while `n` more would pass `limit` (unless
 * nothing is held) and resolves with a release function (idempotent); an aborted wait resolves
 * at once with a no-op.
 */
function createByteBudget(limit: number) {
  let held = 0;
  const waiting: { bytes: number; grant: () => void }[] = [];
  const wake = () => {
    while (waiting.length > 0 && (held === 0 || held + waiting[0]!.bytes <= limit)) waiting.shift()!.grant();
  };
  return {
    acquire(bytes: number, signal: AbortSignal): Promise<() => void> {
      return new Promise((resolve) => {
        const grant = () => {
          signal.removeEventListener("abort", abort);
          held += bytes;
          let released = false;
          resolve(() => {
            if (released) return;
            released = true;
            held -= bytes;
            wake();
          });
        };
        const entry = { bytes, grant };
        const abort = () => {
          const index = waiting.indexOf(entry);
          if (index !== -1) waiting.splice(index, 1);
          resolve(() => undefined);
        };
        waiting.push(entry);
        signal.addEventListener("abort", abort, { once: true });
        wake();
      });
    },
  };
}

/** Reads a request body up to `limit` bytes; past it, drains a while and reports too-large. */
function readBody(request: IncomingMessage, limit: number): Promise<Uint8Array | "too-large" | "aborted"> {
  const declared = Number(request.headers["content-length"] ?? "NaN");
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    if (Number.isFinite(declared) && declared > limit + DRAIN_ALLOWANCE) {
      resolve("too-large");
      return;
    }
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        if (size > limit + DRAIN_ALLOWANCE) {
          request.removeAllListeners("data");
          resolve("too-large");
        }
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(over ? "too-large" : new Uint8Array(Buffer.concat(chunks))));
    request.on("aborted", () => resolve("aborted"));
    request.on("error", () => resolve("aborted"));
  });
}

/** Resolves on the response's next `drain` or its `close`, leaving no listener behind (a long reply waits many times). */
function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}

async function writeResponse(mocked: Response, response: ServerResponse, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string> = {};
  mocked.headers.forEach((value, name) => (headers[name] = value));
  response.writeHead(mocked.status, mocked.statusText || undefined, headers);
  if (mocked.body === null) {
    response.end();
    return;
  }
  response.flushHeaders();
  const reader = mocked.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!response.write(value)) await drainedOrClosed(response);
      if (response.destroyed) break;
    }
    response.end();
  } catch {
    response.destroy();
  } finally {
    signal.removeEventListener("abort", cancel);
  }
}
