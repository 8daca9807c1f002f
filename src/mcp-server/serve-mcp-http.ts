import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { ScenarioMcpServer } from "../scenario/scenario.js";
import { createScriptedMcpServer, type McpCallCounts, type ScriptedServerHooks } from "./scripted-mcp-server.js";

/** The only address a scripted HTTP server binds. */
export const MCP_HTTP_HOST = "127.0.0.1";
/** The path of the streamable HTTP endpoint. */
export const MCP_HTTP_PATH = "/mcp";

export interface McpHttpServer {
  /** `http://127.0.0.1:PORT/mcp`. */
  url: string;
  /** Resolves once the server dies (an `exit` answer) or is closed. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves one scripted server over streamable HTTP on 127.0.0.1 (the SDK's
 * StreamableHTTPServerTransport, stateful: each initialize opens a session with its own id, and
 * every session plays the same script, counts shared). An `exit` answer destroys every connection
 * and closes the listener (a server dying mid-call). Requests whose Host or Origin is not a loopback
 * name get 403 (DNS rebinding protection).
 */
export async function serveMcpHttp(server: ScenarioMcpServer, options: { port?: number; onCall?: ScriptedServerHooks["onCall"] } = {}): Promise<McpHttpServer> {
  const counts: McpCallCounts = new Map();
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const sockets = new Set<Socket>();
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let dead = false;
  const die = (): void => {
    if (dead) return;
    dead = true;
    for (const socket of sockets) socket.destroy();
    http.close(() => resolveClosed());
  };
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(`correx mcp-server: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  http.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (new URL(request.url ?? "/", "http://localhost").pathname !== MCP_HTTP_PATH) {
      response.writeHead(404, { "content-type": "text/plain" }).end(`not found: the MCP endpoint is ${MCP_HTTP_PATH}`);
      return;
    }
    // DNS rebinding: a loopback server answers only requests addressed to a loopback name.
    if (!isLoopbackHost(request.headers.host) || (request.headers.origin !== undefined && !isLoopbackHost(originHost(request.headers.origin)))) {
      response.writeHead(403, { "content-type": "text/plain" }).end("forbidden: the Host and Origin must name localhost, 127.0.0.1 or [::1]");
      return;
    }
    const sessionId = request.headers["mcp-session-id"];
    const existing = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (existing) return existing.handleRequest(request, response);
    const body = request.method === "POST" ? await readJson(request) : undefined;
    if (sessionId === undefined && request.method === "POST" && isInitializeRequest(body)) {
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, transport);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      };
      await createScriptedMcpServer(server, counts, { die, onCall: options.onCall }).connect(transport);
      return transport.handleRequest(request, response, body);
    }
    const status = sessionId === undefined ? 400 : 404;
    response
      .writeHead(status, { "content-type": "application/json" })
      .end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: sessionId === undefined ? "Bad Request: no session id, and not an initialize request" : "Session not found" }, id: null }));
  }

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port ?? 0, MCP_HTTP_HOST, () => resolve());
  });
  const address = http.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `http://${MCP_HTTP_HOST}:${port}${MCP_HTTP_PATH}`,
    closed,
    async close() {
      for (const transport of sessions.values()) await transport.close();
      die();
      await closed;
    },
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `localhost`, `127.0.0.1` or `[::1]`, with or without a port. */
function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host);
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
