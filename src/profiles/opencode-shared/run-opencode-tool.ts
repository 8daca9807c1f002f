import type { EnvironmentPort } from "../environment-port.js";
import { inputRecord, type OpencodeCall, type OpencodeRuntime } from "./opencode-runtime.js";
import { runBash } from "./run-bash.js";
import { runEdit, runRead, runWrite } from "./run-files.js";
import { runGlob, runGrep } from "./run-search.js";
import { runWebfetch } from "./run-webfetch.js";

/**
 * Runs one opencode tool call through the environment port and returns its observation
 * (schemas/observations/<tool>.json): the runtime's rules decide what is run, read or written and
 * how the facts read. Calls correx does not run (unknown tools, arguments of the wrong type, tools
 * without a runner) get `{}`; the formatter decides what that becomes (invalid arguments, or
 * unsupported naming the missing fact).
 * @see spec §2 (per tool), design: observations
 */
export async function runOpencodeTool(runtime: OpencodeRuntime, call: OpencodeCall, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const context = { runtime, input: inputRecord(call.input), environment };
  switch (call.tool) {
    case "read":
      return runRead(context);
    case "write":
      return runWrite(context);
    case "edit":
      return runEdit(context);
    case "glob":
      return runGlob(context);
    case "grep":
      return runGrep(context);
    case "bash":
      return typeof context.input.command === "string" ? runBash(context) : {};
    case "webfetch":
      return runWebfetch(context);
    default:
      return {};
  }
}
