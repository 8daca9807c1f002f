import type { SubagentScript } from "./subagent-script.js";

/**
 * The port through which a profile runs a tool call: the environment records facts (what the
 * file system, a process or a web server did) and decides nothing. Every agent rule — which
 * shell, which environment, how bytes are decoded, whether an edit matches, what is written —
 * lives in the profile that calls this port. Implemented at the edge by `src/environment/`.
 *
 * The fact kinds are agent-neutral (a command ran, a file was read, a directory was listed, a
 * file was written, a page was fetched): every profile speaks this vocabulary.
 * @see design: observations; issue "facts-only observer"
 */
export interface EnvironmentPort {
  /** The workspace (the agent's working directory). */
  readonly workspace: string;
  /** The environment the agent process was given (HOME, PATH, SHELL…), as a command run by it sees it. */
  readonly agentEnv: Readonly<Record<string, string>>;
  /**
   * The file the agent process runs, when the gate saw it (the process that connected to the fake
   * first). A profile whose agent runs tools embedded in its own binary (Claude Code's shell runs
   * `grep` and `find` as its ugrep and bfs) runs them from it; absent, such a call is `unsupported`.
   */
  readonly agentExecutable?: string;
  /** What is at a path (symlinks followed for `kind`; `symlink` says whether the path itself is one). */
  stat(path: string): Promise<PathFact>;
  /** A file's bytes, or why it could not be read. */
  readFile(path: string): Promise<Uint8Array | FsFailure>;
  /**
   * A directory's entries, or why it could not be listed: sorted by name as Node's `fs.readdir`
   * gives them (libuv's scandir sorts), or with `order: "directory"` in the order the directory
   * yields them (readdir(3), as a Bun-built agent such as Claude Code sees them).
   */
  listDirectory(path: string, options?: { order?: "sorted" | "directory" }): Promise<DirectoryEntryFact[] | FsFailure>;
  /** Writes bytes to a file (`parents`: create missing directories first). */
  writeFile(path: string, bytes: Uint8Array, options?: { parents?: boolean }): Promise<FsFailure | null>;
  /** Runs a program to its end (or its deadline) and records its output bytes in arrival order. */
  run(command: CommandSpec): Promise<CommandRunFact>;
  /**
   * Starts a program that may outlive the call that started it (an agent's live session): its
   * output is read piece by piece, stdin closed. Optional: an environment without it cannot replay
   * live sessions. The environment kills the program by its deadline (`timeoutMs`, default two
   * minutes) if nobody has.
   */
  startSession?(command: CommandSpec): SessionHandle;
  /** One HTTP request: the final response (redirects followed unless `redirect: "manual"`), or why there was none. */
  fetch(request: HttpRequestSpec): Promise<HttpFact>;
  /**
   * Optional: what the user answers to the agent's permission asks, in the order they are asked
   * (a scenario's `permissionReplies`); absent, none was given.
   */
  readonly permissionReplies?: readonly PermissionReply[];
  /**
   * Optional: the scripts the fake provider answers the agent's subagent requests from (a gate
   * run's scenario `subagents`), each call's input as the fake sends it: what a subagent did and
   * answered is a fact of the run, like a page served; absent, none is known.
   */
  readonly subagents?: readonly SubagentScript[];
  /**
   * Optional: what a gate run's scenario started the agent with (`agent`, placeholders rendered):
   * the variables it set in the agent's environment (also in `agentEnv`, which holds the whole
   * environment) and the arguments appended to the agent command; absent, none is known.
   */
  readonly agentSettings?: AgentSettings;
  /** Optional: the config the agent was given, parsed (the gate's rendered config template, when it is JSON). */
  readonly agentConfig?: unknown;
  /** Optional: the names of the MCP servers the agent was given (its config's keys). */
  readonly mcpServers?: readonly string[];
  /** Optional (present when the agent was given MCP servers): the tools a server lists (tools/list), or null when the agent has no such server. */
  listMcpTools?(server: string): Promise<Record<string, unknown>[] | null>;
  /** Optional: one tools/call to an MCP server the agent was given, and what the server answered. */
  callMcpTool?(call: McpCallSpec): Promise<McpCallFact>;
}

/** One tools/call: the server (by the agent's config name), the tool's own name, the arguments. */
export interface McpCallSpec {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** Give up waiting after this many ms (the agent's client timeout). */
  timeoutMs?: number;
}

/**
 * What an MCP server answered a tools/call: its CallToolResult as an SDK client parses it (keys in
 * the SDK schema's order), a JSON-RPC error (code, the server's own message, data), no answer
 * before the deadline, or the connection closing first (the server died).
 */
export type McpCallFact =
  | { kind: "result"; result: Record<string, unknown> }
  | { kind: "error"; code: number; message: string; data?: unknown }
  | { kind: "timeout"; timeoutMs?: number }
  | { kind: "closed"; message: string };

/** What a path is. */
export interface PathFact {
  kind: "file" | "directory" | "missing" | "other";
  /** The path itself is a symbolic link (its target decides `kind`; a dangling link is `missing`). */
  symlink: boolean;
  /** Size in bytes for a file. */
  size?: number;
  /** The modification time (ms since the epoch, fractional as the system gives it), when the path exists. */
  mtimeMs?: number;
  /** The canonical path (links resolved), when the path exists. */
  realPath?: string;
  /** Why a `missing` path could not be stated, when it is not plain ENOENT (ENOTDIR below a file, ELOOP, EACCES…). */
  failure?: string;
}

/** A file-system call that failed: the errno code (ENOENT, EISDIR, ENOTDIR, EACCES…) and the system's message. */
export interface FsFailure {
  failure: string;
  message: string;
}

/** One name in a directory listing. */
export interface DirectoryEntryFact {
  name: string;
  /** What the entry itself is (`symlink` for a link, whatever it points to). */
  kind: "file" | "directory" | "symlink" | "other";
  /** For a link: what its target is (`missing` when dangling). */
  targetKind?: "file" | "directory" | "missing" | "other";
}

/** A program to run. */
export interface CommandSpec {
  /** The executable (absolute path, or a name looked up in `env.PATH`). */
  file: string;
  args: readonly string[];
  cwd: string;
  /** The complete environment of the process (nothing of correx's own is added). */
  env: Readonly<Record<string, string>>;
  /** Killed (with its whole process group) after this many ms. */
  timeoutMs?: number;
  /** `merged`: stderr is the same pipe as stdout, so their interleaving is exact. Default `separate`. */
  stderr?: "merged" | "separate" | "ignore";
  /** The program only reads (a search such as ripgrep): its run changes nothing, so a differing result starts no chain of consequences. */
  readOnly?: boolean;
  /**
   * `startSession` only: the program runs on a new pseudo-terminal of this window size, with the
   * kernel's default terminal settings, as its controlling terminal: stdin, stdout and stderr are
   * the terminal, the output is what its master side reads (one `stdout` stream: the terminal's
   * own line endings and echo included), and stdin stays open for `SessionHandle.write`.
   */
  terminal?: { rows: number; cols: number };
}

/** What running a program did. */
export interface CommandRunFact {
  /** The output in arrival order, each chunk as read from its pipe. */
  chunks: CommandChunk[];
  /** The exit code, null when a signal ended it or it never started. */
  exitCode: number | null;
  /** The signal that ended it, if any. */
  signal: string | null;
  /** The deadline passed and the process group was killed. */
  timedOut: boolean;
  /** Why it could not be started (ENOENT for a missing executable or cwd, …). */
  spawnError?: FsFailure;
}

/** A program started by `startSession`. */
export interface SessionHandle {
  /** Waits until the program has ended (its output all read) or `waitMs` passed: the output since the last read, and how it ended if it has. */
  read(waitMs: number): Promise<SessionPiece>;
  /** Kills the program and everything it started. */
  kill(): void;
  /** Present for a `terminal` session (stdin open): types the bytes into its terminal. */
  write?(bytes: Uint8Array): Promise<void>;
  /** Optional: sends a signal to the program's process group (nothing once it has ended). */
  signal?(signal: "SIGINT"): Promise<void>;
}

/** What a session did since its last read. */
export interface SessionPiece {
  chunks: CommandChunk[];
  /** How it ended (exit code, or the signal that ended it), null while it runs. */
  ended: { exitCode: number | null; signal: string | null } | null;
  /** Why it could not be started. */
  spawnError?: FsFailure;
}

export interface CommandChunk {
  stream: "stdout" | "stderr";
  bytes: Uint8Array;
}

export interface HttpRequestSpec {
  url: string;
  method?: string;
  headers?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  /** `follow` (default) or `manual`: a redirect is then the response itself. */
  redirect?: "follow" | "manual";
  /** The request body, sent as UTF-8 (e.g. the JSON Claude Code posts to count_tokens). */
  body?: string;
  /** Stop reading the body past this many bytes (the fact then says `bodyCut`). */
  maxBodyBytes?: number;
}

/** One HTTP exchange, or why none happened. */
export type HttpFact = { status: number; headers: [string, string][]; body: Uint8Array; bodyCut: boolean } | { failure: "timeout" | "refused" | "network"; message: string };

/** All of a run's bytes on one stream (or both, in arrival order). */
export function commandBytes(run: CommandRunFact, stream?: "stdout" | "stderr"): Uint8Array {
  const chunks = stream === undefined ? run.chunks : run.chunks.filter((chunk) => chunk.stream === stream);
  let length = 0;
  for (const chunk of chunks) length += chunk.bytes.length;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk.bytes, offset);
    offset += chunk.bytes.length;
  }
  return bytes;
}

/** Whether a file-system answer is a failure. */
export function isFsFailure(value: unknown): value is FsFailure {
  return typeof value === "object" && value !== null && !(value instanceof Uint8Array) && !Array.isArray(value) && typeof (value as FsFailure).failure === "string";
}

/** A user's answer to a permission ask: allow this call, allow and remember the ask's pattern, or refuse. */
export type PermissionReply = "once" | "always" | "reject";

/** What a scenario started the agent with (its `agent` field), placeholders rendered. */
export interface AgentSettings {
  readonly env: Readonly<Record<string, string>>;
  readonly args: readonly string[];
  /** The user the agent ran as (`agent.user`), when not correx's own; the replay runs as it too. */
  readonly user?: { readonly name: string; readonly uid: number; readonly gid: number };
}
