import { commandRanFact, type EnvironmentFact } from "../environment/environment-fact.js";
import { fetchFact } from "../environment/node-environment.js";
import { createScriptedMcpEnvironment } from "../environment/scripted-mcp-environment.js";
import type { EnvironmentPort, SessionHandle } from "../profiles/environment-port.js";
import type { ScenarioMcp } from "../scenario/scenario.js";
import { createLoopbackFetch } from "./loopback-fetch.js";
import type { Sandbox } from "./start-sandbox.js";

/**
 * The environment port of a sandboxed replay: every file and process operation is carried out by
 * the sandbox's worker (inside its namespaces, on its overlay: nothing it writes reaches the
 * machine), and pages are fetched here, from 127.0.0.1 only. It records the same facts as the
 * machine's port and decides nothing.
 */
export function createConfinedEnvironment(options: {
  sandbox: Sandbox;
  workspace: string;
  agentEnv: Readonly<Record<string, string>>;
  /** The file the agent process runs, when known. */
  agentExecutable?: string;
  /** The agent's scripted MCP servers, played here (correx's own code, never the agent's). */
  mcp?: ScenarioMcp;
  record?: (fact: EnvironmentFact) => void;
}): EnvironmentPort {
  const { sandbox } = options;
  const record = options.record ?? (() => {});
  const fetcher = createLoopbackFetch();
  const mcp = options.mcp === undefined ? undefined : createScriptedMcpEnvironment(options.mcp);
  const call = <T>(op: string, ...args: unknown[]) => sandbox.call(op, ...args) as Promise<T>;
  return {
    workspace: options.workspace,
    agentEnv: options.agentEnv,
    ...(options.agentExecutable === undefined ? {} : { agentExecutable: options.agentExecutable }),
    ...(mcp === undefined ? {} : { mcpServers: Object.keys(options.mcp?.servers ?? {}), listMcpTools: mcp.listMcpTools, callMcpTool: mcp.callMcpTool }),
    async stat(path) {
      const fact = await call<Awaited<ReturnType<EnvironmentPort["stat"]>>>("stat", path);
      record({ kind: "path-stated", path, fact });
      return fact;
    },
    async readFile(path) {
      const result = await call<Awaited<ReturnType<EnvironmentPort["readFile"]>>>("readFile", path);
      record(result instanceof Uint8Array ? { kind: "file-read", path, size: result.length } : { kind: "file-read", path, failure: result });
      return result;
    },
    async listDirectory(path, options) {
      const result = await call<Awaited<ReturnType<EnvironmentPort["listDirectory"]>>>("listDirectory", path, ...(options ? [options] : []));
      record(Array.isArray(result) ? { kind: "directory-listed", path, entries: result.length } : { kind: "directory-listed", path, failure: result });
      return result;
    },
    async writeFile(path, bytes, writeOptions) {
      const failure = await call<Awaited<ReturnType<EnvironmentPort["writeFile"]>>>("writeFile", path, bytes, writeOptions);
      record({ kind: "file-written", path, size: bytes.length, ...(failure ? { failure } : {}) });
      return failure;
    },
    async run(command) {
      const fact = await call<Awaited<ReturnType<EnvironmentPort["run"]>>>("run", command);
      record(commandRanFact(command, fact));
      return fact;
    },
    startSession(command) {
      // Started in the sandbox at once; each read and the kill wait for its number.
      const started = call<number>("sessionStart", command);
      started.catch(() => {});
      return {
        async read(waitMs) {
          return call<Awaited<ReturnType<SessionHandle["read"]>>>("sessionRead", await started, waitMs);
        },
        kill() {
          started.then((id) => call("sessionKill", id)).catch(() => {});
        },
        async signal(signal: "SIGINT") {
          await call("sessionSignal", await started, signal);
        },
        ...(command.terminal === undefined
          ? {}
          : {
              async write(bytes: Uint8Array) {
                await call("sessionWrite", await started, bytes);
              },
            }),
      };
    },
    async fetch(request) {
      const fact = await fetchFact(fetcher, request);
      record({ kind: "page-fetched", url: request.url, ...("status" in fact ? { status: fact.status, size: fact.body.length } : { failure: fact.failure }) });
      return fact;
    },
  };
}
