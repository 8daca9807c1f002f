import type { EnvironmentPort } from "../environment-port.js";
import { inputRecord, type OpencodeCall, type OpencodeRuntime } from "./opencode-runtime.js";
import { permissionAsk, v2DenialText, v2RelativeEscapeText } from "./permission-ask.js";
import { runBash } from "./run-bash.js";
import { runEdit, runRead, runWrite } from "./run-files.js";
import { runGlob, runGrep } from "./run-search.js";
import { runWebfetch } from "./run-webfetch.js";

/**
 * Runs one opencode tool call through the environment port and returns its observation
 * (schemas/observations/<tool>.json): the runtime's rules decide what is run, read or written and
 * how the facts read. Calls correx does not run (unknown tools, arguments the runtime's schema
 * refuses, tools without a runner) get `{}`; the formatter decides what that becomes (invalid arguments, or
 * unsupported naming the missing fact).
 * @see spec §2 (per tool), design: observations
 */
export async function runOpencodeTool(runtime: OpencodeRuntime, call: OpencodeCall, environment: EnvironmentPort, acceptsInput: InputCheck): Promise<Record<string, unknown>> {
  const tool = toolName(runtime, call.tool);
  // Arguments the runtime's schema refuses never reach the tool: nothing runs, nothing changes
  // (differential seed 5001: an edit with `oldString: 1` must not create its file).
  if (!acceptsInput(tool, call.input)) return {};
  const context = { runtime, input: inputRecord(call.input), environment };
  // v2 resolves the tool's path before any ask: a relative path leaving the workspace fails the tool (spec §2.15).
  const escaped = runtime === "v2" ? v2RelativeEscapeText(tool, context) : undefined;
  if (escaped !== undefined) return { error: escaped };
  // A refused permission: the tool never runs (the session stops, Profile.endsRun names it; or,
  // past a denial or with continue_loop_on_deny, the tool fails with it).
  const refused = await permissionAsk(tool, context);
  if (refused !== undefined && runtime === "v2" && refused.reply === "deny") return { error: v2DenialText(tool, context.input, refused) };
  if (refused !== undefined) return { permission: refused };
  switch (tool) {
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

/** Whether the runtime's input schema for `tool` accepts `input` (the calling profile's rule). */
export type InputCheck = (tool: string, input: unknown) => boolean;

/** The tools a call can run here. */
const RUNNABLE: ReadonlySet<string> = new Set(["read", "write", "edit", "glob", "grep", "bash", "webfetch"]);

/**
 * The tool a call runs as: v1 repairs a name in other letter cases to the lowercased tool
 * (`experimental_repairToolCall`: `Bash` runs bash), v2 takes names as they are.
 * @see spec §2.0 (unknown or mis-cased tool calls)
 */
function toolName(runtime: OpencodeRuntime, tool: string): string {
  if (runtime !== "v1" || RUNNABLE.has(tool)) return tool;
  const lower = tool.toLowerCase();
  return RUNNABLE.has(lower) ? lower : tool;
}
