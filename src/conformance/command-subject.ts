import { type ChildProcess, spawn } from "node:child_process";
import { MAX_RECORD_BYTES } from "../input/input-limits.js";
import { createProcessTree, type ProcessTree } from "../process/process-tree.js";
import { loadValidator } from "../schema/load-validator.js";
import { ByteTail } from "../text/byte-tail.js";
import { LineSplitter } from "../text/line-splitter.js";
import type { Subject, SubjectReply } from "./subject.js";

/** How long a (re)started subject may take to answer `hello` (`--start-timeout`): a slow interpreter start is not a case's timeout. */
export const DEFAULT_START_TIMEOUT_MS = 10_000;

/** After this many failed starts in a row, the subject is not started again (`--max-failed-starts`). */
export const DEFAULT_MAX_FAILED_STARTS = 3;

/** The longest reply line read from a subject: a lowered body holds at most one 32 MiB record, escaped. */
export const MAX_REPLY_BYTES = 4 * MAX_RECORD_BYTES;

/** How long a subject that exited may still take to flush its last reply line. */
const EXIT_FLUSH_MS = 250;

export interface CommandSubjectOptions {
  /** How long a (re)started subject may take to answer `hello` (default DEFAULT_START_TIMEOUT_MS). */
  startTimeoutMs?: number;
  /** Failed starts in a row after which every remaining call is a crash at once (default 3). */
  maxFailedStarts?: number;
}

interface Waiting {
  id: number;
  resolve: (reply: SubjectReply) => void;
}

/** How much of a subject's stderr is kept to explain a crash: enough for a stack trace's error line. */
const STDERR_TAIL_BYTES = 8192;

/**
 * The line of a crashed subject's stderr that says what went wrong: the last error line
 * (`Error: Cannot find module …`, `TypeError: …`, Python's `ModuleNotFoundError: …`), else the last
 * line that is not Node's closing `Node.js v20…`.
 */
export function tellingStderrLine(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "");
  const error = lines.findLast((line) => /^(?:Uncaught )?(?:[A-Z]\w*)?(?:Error|Exception)\b[^:]*:/.test(line));
  return (error ?? lines.findLast((line) => !/^Node\.js v\d/.test(line)) ?? "").slice(0, 300);
}

/** One running subject process, its tree, its reply lines and its stderr tail. */
interface Running {
  proc: ChildProcess;
  tree: ProcessTree;
  stderr: ByteTail;
}

/**
 * A subject that speaks the adapter protocol on stdio (`--subject cmd:"COMMAND"`). It runs as a
 * process tree of its own (src/process/process-tree.ts): when it exits, crashes, hangs or the run
 * ends, the tree is killed, so a child it left holding the pipes neither outlives the run nor
 * keeps correx waiting. A crash or a hang costs only the case in flight: the subject is restarted
 * for the next request, and must answer `hello` within the start timeout. After
 * `maxFailedStarts` failed starts in a row, every remaining call is a crash at once, with the
 * reason. Reply lines are read in linear time (LineSplitter); every reply is validated against
 * schemas/adapter/response.json, and one that is not a well-formed response is a crash.
 */
export function createCommandSubject(command: string, options: CommandSubjectOptions = {}): Subject {
  const maxFailedStarts = options.maxFailedStarts ?? DEFAULT_MAX_FAILED_STARTS;
  let running: Running | null = null;
  let waiting: Waiting | null = null;
  let nextId = 1;
  let failedStarts = 0;
  let lastStartFailure = "";
  let validate: Awaited<ReturnType<typeof loadValidator>> | null = null;

  const settle = (reply: SubjectReply) => {
    const current = waiting;
    waiting = null;
    current?.resolve(reply);
  };

  /** Kills the subject's whole tree and lets go of its pipes. */
  const stop = (current: Running | null = running) => {
    if (!current) return;
    if (running === current) running = null;
    current.tree.kill();
    current.proc.stdin?.destroy();
    current.proc.stdout?.destroy();
    current.proc.stderr?.destroy();
  };

  const stderrLine = (current: Running) => {
    const line = tellingStderrLine(current.stderr.text());
    return line ? `; stderr: ${line}` : "";
  };

  const onLine = (current: Running, line: string) => {
    const pending = waiting;
    if (!pending || running !== current || line.trim() === "") return;
    let reply: unknown;
    try {
      reply = JSON.parse(line);
    } catch {
      stop(current);
      settle({ kind: "crash", message: `subject wrote a line that is not JSON: ${line.slice(0, 80)}` });
      return;
    }
    if (!validate!(reply)) {
      stop(current);
      settle({ kind: "crash", message: `subject wrote a malformed response: ${line.slice(0, 80)}` });
      return;
    }
    const response = reply as { id?: unknown; ok: boolean; result?: unknown; error?: { code: string; message: string } };
    if (response.id !== pending.id && !(response.ok === false && response.id === null)) {
      stop(current);
      settle({ kind: "crash", message: `subject answered id ${JSON.stringify(response.id)} to request ${pending.id}` });
      return;
    }
    if (response.ok) settle({ kind: "result", result: response.result });
    else if (response.error!.code === "unsupported") settle({ kind: "unsupported", message: response.error!.message });
    else settle({ kind: "error", code: response.error!.code, message: response.error!.message });
  };

  const start = () => {
    const tree = createProcessTree();
    const proc = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "pipe", "pipe"], detached: true, env: tree.env(process.env) });
    tree.attach(proc.pid);
    const current: Running = { proc, tree, stderr: new ByteTail(STDERR_TAIL_BYTES) };
    running = current;
    const lines = new LineSplitter(MAX_REPLY_BYTES);
    proc.stdin!.on("error", () => {});
    proc.stderr!.on("data", (chunk: Buffer) => current.stderr.push(chunk));
    proc.stdout!.on("data", (chunk: Buffer) => {
      for (const event of lines.push(chunk)) {
        if (running !== current) return;
        if (event.kind === "too-long") {
          stop(current);
          settle({ kind: "crash", message: `subject wrote a reply line longer than ${MAX_REPLY_BYTES} bytes` });
          return;
        }
        onLine(current, Buffer.from(event.bytes.buffer, event.bytes.byteOffset, event.bytes.length).toString("utf8"));
      }
    });
    proc.on("exit", (code, signal) => {
      if (running !== current) return;
      // Whatever it left running goes now (a child holding the pipes would keep them open); the
      // reply it may have written just before exiting is read first.
      current.tree.kill();
      const why = signal ? `killed by ${signal}` : `exited with code ${code}`;
      const crashed = () => {
        if (running !== current) return;
        stop(current);
        settle({ kind: "crash", message: `subject ${why}${stderrLine(current)}` });
      };
      if (proc.stdout!.readableEnded) crashed();
      else {
        const timer = setTimeout(crashed, EXIT_FLUSH_MS);
        proc.stdout!.once("close", () => {
          clearTimeout(timer);
          crashed();
        });
      }
    });
    proc.on("error", (error) => {
      if (running !== current) return;
      stop(current);
      settle({ kind: "crash", message: `cannot start subject: ${error.message}` });
    });
  };

  const send = (op: string, params: Record<string, unknown>, timeoutMs: number): Promise<SubjectReply> => {
    const id = nextId++;
    const current = running!;
    return new Promise<SubjectReply>((resolve) => {
      const timer = setTimeout(() => {
        stop(current);
        settle({ kind: "timeout", message: `no reply within ${timeoutMs} ms` });
      }, timeoutMs);
      waiting = {
        id,
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
      };
      current.proc.stdin!.write(JSON.stringify({ id, op, ...params }) + "\n");
    });
  };

  return {
    name: `cmd:${command}`,
    async call(op, params, timeoutMs) {
      validate ??= await loadValidator("adapter/response");
      if (!running) {
        if (failedStarts >= maxFailedStarts) {
          return { kind: "crash", message: `subject not restarted: it failed to start ${failedStarts} times in a row (last: ${lastStartFailure})` };
        }
        // A (re)started subject first answers `hello` within the start timeout; any well-formed
        // answer (even one that does not support hello) means it is up.
        const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
        start();
        const hello = await send("hello", {}, startTimeoutMs);
        if (hello.kind === "timeout" || hello.kind === "crash") {
          stop();
          failedStarts++;
          lastStartFailure = hello.kind === "timeout" ? `no answer to hello within ${startTimeoutMs} ms of starting` : hello.message;
          return { kind: "crash", message: `subject failed to start: ${lastStartFailure}` };
        }
        failedStarts = 0;
      }
      return send(op, params, timeoutMs);
    },
    async close() {
      const current = running;
      if (!current) return;
      if (current.proc.exitCode === null && current.proc.signalCode === null)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000);
          current.proc.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          current.proc.stdin!.end(JSON.stringify({ id: nextId++, op: "bye" }) + "\n");
        });
      // Whether it left on `bye` or not, nothing it started outlives the run.
      running = current;
      stop(current);
    },
  };
}
