import { spawn } from "node:child_process";
import type { Dirent } from "node:fs";
import { lstat, mkdir, opendir, readdir, readFile, realpath, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createProcessTree } from "../process/process-tree.js";
import type {
  CommandChunk,
  CommandRunFact,
  CommandSpec,
  DirectoryEntryFact,
  EnvironmentPort,
  FsFailure,
  HttpFact,
  HttpRequestSpec,
  PathFact,
  SessionHandle,
  SessionPiece,
} from "../profiles/environment-port.js";
import type { ScenarioMcp } from "../scenario/scenario.js";
import { commandRanFact, type EnvironmentFact } from "./environment-fact.js";
import { createScriptedMcpEnvironment } from "./scripted-mcp-environment.js";
import { createSessionOutput } from "./session-output.js";
import { startTerminalSession } from "./terminal-session.js";

export interface NodeEnvironmentOptions {
  workspace: string;
  /** The agent's environment (default: a copy of correx's own). */
  agentEnv?: Readonly<Record<string, string>>;
  /** The file the agent process runs, when known. */
  agentExecutable?: string;
  /** The fetch used for HTTP facts (default: global fetch). */
  fetch?: typeof fetch;
  /** Receives every fact as it is recorded (the run's fact log). */
  record?: (fact: EnvironmentFact) => void;
  /** The MCP servers the agent was given (a scenario's `mcp`): played in-process for `callMcpTool`. */
  mcp?: ScenarioMcp;
}

/**
 * The environment port on a real machine: node:fs, child processes in their own process group
 * (killed with every descendant at their deadline or end), and fetch. It records what happened
 * and decides nothing.
 */
export function createNodeEnvironment(options: NodeEnvironmentOptions): EnvironmentPort {
  const record = options.record ?? (() => {});
  const fetcher = options.fetch ?? fetch;
  const mcp = options.mcp === undefined ? undefined : createScriptedMcpEnvironment(options.mcp);
  return {
    ...(mcp === undefined ? {} : { mcpServers: Object.keys(options.mcp?.servers ?? {}), listMcpTools: mcp.listMcpTools, callMcpTool: mcp.callMcpTool }),
    workspace: options.workspace,
    agentEnv: options.agentEnv ?? stringEnv(process.env),
    ...(options.agentExecutable === undefined ? {} : { agentExecutable: options.agentExecutable }),
    async stat(path) {
      const fact = await statPath(path);
      record({ kind: "path-stated", path, fact });
      return fact;
    },
    async readFile(path) {
      try {
        const bytes = new Uint8Array(await readFile(path));
        record({ kind: "file-read", path, size: bytes.length });
        return bytes;
      } catch (error) {
        const failure = fsFailure(error);
        record({ kind: "file-read", path, failure });
        return failure;
      }
    },
    async listDirectory(path, listOptions) {
      try {
        const entries = listOptions?.order === "directory" ? await unsortedEntries(path) : await readdir(path, { withFileTypes: true });
        const facts: DirectoryEntryFact[] = [];
        for (const entry of entries) {
          if (entry.isSymbolicLink()) facts.push({ name: entry.name, kind: "symlink", targetKind: (await statPath(join(path, entry.name))).kind });
          else facts.push({ name: entry.name, kind: entry.isDirectory() ? "directory" : entry.isFile() ? "file" : "other" });
        }
        record({ kind: "directory-listed", path, entries: facts.length });
        return facts;
      } catch (error) {
        const failure = fsFailure(error);
        record({ kind: "directory-listed", path, failure });
        return failure;
      }
    },
    async writeFile(path, bytes, writeOptions) {
      try {
        if (writeOptions?.parents) await mkdir(dirname(path), { recursive: true });
        await writeFile(path, bytes);
        record({ kind: "file-written", path, size: bytes.length });
        return null;
      } catch (error) {
        const failure = fsFailure(error);
        record({ kind: "file-written", path, size: bytes.length, failure });
        return failure;
      }
    },
    async run(command) {
      const fact = await runCommand(command);
      record(commandRanFact(command, fact));
      return fact;
    },
    startSession(command) {
      // Recorded when it starts (a live session's end is read later, by the profile).
      record({ kind: "command-ran", file: command.file, args: [...command.args], cwd: command.cwd, exitCode: null, signal: null, timedOut: false, bytes: 0 });
      return command.terminal === undefined ? startSession(command) : startTerminalSession(command, command.terminal);
    },
    async fetch(request) {
      const fact = await fetchFact(fetcher, request);
      record({ kind: "page-fetched", url: request.url, ...("status" in fact ? { status: fact.status, size: fact.body.length } : { failure: fact.failure }) });
      return fact;
    },
  };
}

/** process.env without its undefined values. */
export function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) result[key] = value;
  return result;
}

async function statPath(path: string): Promise<PathFact> {
  let symlink = false;
  try {
    symlink = (await lstat(path)).isSymbolicLink();
  } catch (error) {
    return missing(false, error);
  }
  try {
    const stats = await stat(path);
    const kind = stats.isFile() ? "file" : stats.isDirectory() ? "directory" : "other";
    return { kind, symlink, ...(kind === "file" ? { size: stats.size } : {}), mtimeMs: stats.mtimeMs, realPath: await realpath(path) };
  } catch (error) {
    return missing(symlink, error);
  }
}

/** A path that cannot be stated; the errno kept unless it is plain ENOENT. */
function missing(symlink: boolean, error: unknown): PathFact {
  const { failure } = fsFailure(error);
  return failure === "ENOENT" ? { kind: "missing", symlink } : { kind: "missing", symlink, failure };
}

function fsFailure(error: unknown): FsFailure {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return { failure: typeof code === "string" ? code : "EIO", message: error instanceof Error ? error.message : String(error) };
}

/**
 * Runs one program in its own process group. `stderr: "merged"` hands the program one pipe for
 * both streams (a `/bin/sh` trampoline dups fd 2 onto fd 1 and execs it), so the interleaving is
 * the program's own. At the deadline, at exit, and on failure the group and every descendant are
 * killed: nothing it started outlives the fact.
 */
function runCommand(command: CommandSpec): Promise<CommandRunFact> {
  const merged = command.stderr === "merged";
  const file = merged ? "/bin/sh" : command.file;
  const args = merged ? ["-c", 'exec 2>&1; exec "$0" "$@"', command.file, ...command.args] : [...command.args];
  return new Promise((done) => {
    const chunks: CommandChunk[] = [];
    let timedOut = false;
    let settled = false;
    let child: ReturnType<typeof spawn>;
    // No marker in the environment: the command must see exactly the environment the profile chose.
    const tree = createProcessTree();
    try {
      child = spawn(file, args, {
        cwd: command.cwd,
        env: { ...command.env },
        detached: true,
        stdio: ["ignore", "pipe", command.stderr === "separate" || command.stderr === undefined ? "pipe" : "ignore"],
      });
    } catch (error) {
      done({ chunks, exitCode: null, signal: null, timedOut: false, spawnError: fsFailure(error) });
      return;
    }
    tree.attach(child.pid);
    child.stdout?.on("data", (chunk: Buffer) => chunks.push({ stream: "stdout", bytes: new Uint8Array(chunk) }));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push({ stream: "stderr", bytes: new Uint8Array(chunk) }));
    const timer =
      command.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            tree.kill();
          }, command.timeoutMs);
    const finish = (fact: Omit<CommandRunFact, "chunks" | "timedOut">) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      tree.kill();
      done({ chunks, timedOut, ...fact });
    };
    child.on("error", (error) => finish({ exitCode: null, signal: null, spawnError: fsFailure(error) }));
    child.on("close", (code, signal) => finish({ exitCode: code, signal: signal ?? null }));
  });
}

/** The deadline of a live session nobody ended: it is killed then, so nothing outlives a replay. */
const SESSION_DEADLINE_MS = 120000;

/**
 * Starts a program as a live session: its own process group (killed with every descendant when
 * it ends, at `kill`, or at its deadline), stdin closed, output kept until read.
 */
function startSession(command: CommandSpec): SessionHandle {
  const output = createSessionOutput();
  const tree = createProcessTree();
  let pid: number | undefined;
  const settle = (fact: NonNullable<SessionPiece["ended"]>, error?: FsFailure) => {
    if (!output.end(fact, error)) return;
    clearTimeout(deadline);
    tree.kill();
  };
  const deadline = setTimeout(() => tree.kill(), command.timeoutMs ?? SESSION_DEADLINE_MS);
  deadline.unref();
  try {
    const child = spawn(command.file, [...command.args], { cwd: command.cwd, env: { ...command.env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    tree.attach(child.pid);
    pid = child.pid;
    // A live session does not keep correx running: the process trees still alive are killed when it exits.
    child.unref();
    (child.stdout as unknown as { unref?: () => void } | null)?.unref?.();
    (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();
    child.stdout?.on("data", (chunk: Buffer) => output.push("stdout", chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push("stderr", chunk));
    child.on("error", (error) => settle({ exitCode: null, signal: null }, fsFailure(error)));
    child.on("close", (code, signal) => settle({ exitCode: code, signal: signal ?? null }));
  } catch (error) {
    settle({ exitCode: null, signal: null }, fsFailure(error));
  }
  return {
    read: (waitMs) => output.read(waitMs),
    kill: () => tree.kill(),
    async signal(name) {
      if (output.hasEnded || pid === undefined) return;
      try {
        process.kill(-pid, name);
      } catch {
        // the group is gone
      }
    },
  };
}

/** One HTTP exchange as a fact (shared by the machine's port and the sandboxed one). */
export async function fetchFact(fetcher: typeof fetch, request: HttpRequestSpec): Promise<HttpFact> {
  try {
    const response = await fetcher(request.url, {
      method: request.method ?? "GET",
      headers: request.headers ? { ...request.headers } : undefined,
      body: request.body,
      redirect: request.redirect ?? "follow",
      signal: request.timeoutMs === undefined ? undefined : AbortSignal.timeout(request.timeoutMs),
    });
    const headers: [string, string][] = [...response.headers.entries()];
    const { body, cut } = await readBody(response, request.maxBodyBytes);
    return { status: response.status, headers, body, bodyCut: cut };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const message = error instanceof Error ? error.message : String(error);
    const cause = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
    return { failure: name === "TimeoutError" ? "timeout" : cause === "ECONNREFUSED" ? "refused" : "network", message };
  }
}

async function readBody(response: Response, maxBytes: number | undefined): Promise<{ body: Uint8Array; cut: boolean }> {
  if (maxBytes === undefined || response.body === null) return { body: new Uint8Array(await response.arrayBuffer()), cut: false };
  const parts: Uint8Array[] = [];
  let length = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
    if (length > maxBytes) {
      await reader.cancel();
      return { body: concat(parts, length), cut: true };
    }
  }
  return { body: concat(parts, length), cut: false };
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** A directory's entries in the order readdir(3) yields them (`fs.opendir`; `fs.readdir` sorts them). */
async function unsortedEntries(path: string): Promise<Dirent[]> {
  const entries: Dirent[] = [];
  for await (const entry of await opendir(path)) entries.push(entry);
  return entries;
}
