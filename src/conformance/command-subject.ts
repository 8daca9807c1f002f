import { spawn, type ChildProcess } from "node:child_process";
import { loadValidator } from "../schema/load-validator.js";
import type { Subject, SubjectReply } from "./subject.js";

/** How long a (re)started subject may take to answer its first `hello`. */
const STARTUP_TIMEOUT_MS = 30_000;

interface Waiting {
  id: number;
  resolve: (reply: SubjectReply) => void;
}

/**
 * A subject that speaks the adapter protocol on stdio (`--subject cmd:"COMMAND"`). A crash or a
 * hang costs only the case in flight: the process (and its group) is killed and restarted for
 * the next request. Every reply is validated against schemas/adapter/response.json; a reply that
 * is not a well-formed response is a crash of that subject.
 */
export function createCommandSubject(command: string): Subject {
  let child: ChildProcess | null = null;
  let buffer = "";
  let waiting: Waiting | null = null;
  let nextId = 1;
  let stderrTail = "";

  const settle = (reply: SubjectReply) => {
    const current = waiting;
    waiting = null;
    current?.resolve(reply);
  };

  const kill = () => {
    const proc = child;
    child = null;
    if (proc && proc.exitCode === null && proc.pid !== undefined) {
      try {
        process.kill(-proc.pid, "SIGKILL");
      } catch {
        proc.kill("SIGKILL");
      }
    }
  };

  const start = () => {
    buffer = "";
    stderrTail = "";
    const proc = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", "pipe", "pipe"], detached: true });
    child = proc;
    proc.stdout!.setEncoding("utf8");
    proc.stderr!.setEncoding("utf8");
    proc.stdin!.on("error", () => {});
    proc.stderr!.on("data", (text: string) => {
      stderrTail = (stderrTail + text).slice(-400);
    });
    proc.stdout!.on("data", (text: string) => {
      if (child !== proc) return;
      buffer += text;
      let newline: number;
      while ((newline = buffer.indexOf("\n")) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.trim() !== "") void onLine(line);
      }
    });
    proc.on("exit", (code, signal) => {
      if (child !== proc) return;
      child = null;
      const why = signal ? `killed by ${signal}` : `exited with code ${code}`;
      settle({ kind: "crash", message: `subject ${why}${stderrTail ? `; stderr: ${stderrTail.trim().split("\n").pop()}` : ""}` });
    });
    proc.on("error", (error) => {
      if (child !== proc) return;
      child = null;
      settle({ kind: "crash", message: `cannot start subject: ${error.message}` });
    });
  };

  const onLine = async (line: string) => {
    const current = waiting;
    if (!current) return;
    let reply: unknown;
    try {
      reply = JSON.parse(line);
    } catch {
      kill();
      settle({ kind: "crash", message: `subject wrote a line that is not JSON: ${line.slice(0, 80)}` });
      return;
    }
    const validate = await loadValidator("adapter/response");
    if (!validate(reply)) {
      kill();
      settle({ kind: "crash", message: `subject wrote a malformed response: ${line.slice(0, 80)}` });
      return;
    }
    const response = reply as { id?: unknown; ok: boolean; result?: unknown; error?: { code: string; message: string } };
    if (response.id !== current.id && !(response.ok === false && response.id === null)) {
      kill();
      settle({ kind: "crash", message: `subject answered id ${JSON.stringify(response.id)} to request ${current.id}` });
      return;
    }
    if (response.ok) settle({ kind: "result", result: response.result });
    else if (response.error!.code === "unsupported") settle({ kind: "unsupported", message: response.error!.message });
    else settle({ kind: "error", code: response.error!.code, message: response.error!.message });
  };

  const send = (op: string, params: Record<string, unknown>, timeoutMs: number): Promise<SubjectReply> => {
    const id = nextId++;
    return new Promise<SubjectReply>((resolve) => {
      const timer = setTimeout(() => {
        kill();
        settle({ kind: "timeout", message: `no reply within ${timeoutMs} ms` });
      }, timeoutMs);
      waiting = {
        id,
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
      };
      child!.stdin!.write(JSON.stringify({ id, op, ...params }) + "\n");
    });
  };

  return {
    name: `cmd:${command}`,
    async call(op, params, timeoutMs) {
      if (!child) {
        // A (re)started subject first answers `hello`, on a startup budget of its own: a slow
        // start is not the next case's timeout, and a subject that cannot start is a crash.
        start();
        const hello = await send("hello", {}, Math.max(STARTUP_TIMEOUT_MS, timeoutMs));
        // any well-formed answer means it is up (even one that does not support hello)
        if (hello.kind === "timeout") {
          kill();
          return { kind: "crash", message: `subject did not answer hello within ${Math.max(STARTUP_TIMEOUT_MS, timeoutMs)} ms of starting` };
        }
        if (hello.kind === "crash") return hello;
      }
      return send(op, params, timeoutMs);
    },
    async close() {
      const proc = child;
      if (!proc) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          kill();
          resolve();
        }, 1000);
        proc.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        proc.stdin!.end(JSON.stringify({ id: nextId++, op: "bye" }) + "\n");
      });
      child = null;
    },
  };
}
