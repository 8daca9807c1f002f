import type { ScenarioArgumentStyle } from "../scenario/scenario.js";
import { observeBash } from "./observe-bash.js";
import { observeEdit, observeRead, observeWrite, resolveInWorkspace } from "./observe-files.js";
import { observeInputPath } from "./observe-input-path.js";
import { observeGlob, observeGrep } from "./observe-search.js";
import { observeWebfetch } from "./observe-webfetch.js";

/** Where and how a tool call is observed. */
export interface ObserveEnvironment {
  /** The workspace directory (relative paths resolve here; commands run here). */
  workspace: string;
  /** The argument style of the call's input (the profile's). */
  style: ScenarioArgumentStyle;
  /** The fetch webfetch uses (default: global fetch). */
  fetch?: typeof fetch;
}

/** One tool call as the model made it. */
export interface ObservedCall {
  tool: string;
  input: unknown;
}

/**
 * What a tool sees for one call in a real workspace (schemas/observations/<tool>.json): the
 * side effects (write, edit, bash) happen here. Tools without an observation (unknown tools,
 * invalid input, tools correx does not run) get `{}`; the profile decides what that becomes.
 * @see spec §2 (per tool), design: observations
 */
export async function observeToolCall(call: ObservedCall, environment: ObserveEnvironment): Promise<Record<string, unknown>> {
  const input = call.input !== null && typeof call.input === "object" && !Array.isArray(call.input) ? (call.input as Record<string, unknown>) : {};
  const path = observeInputPath(input, environment.style);
  switch (call.tool) {
    case "read":
      return path === undefined ? {} : observeRead(resolveInWorkspace(environment.workspace, path));
    case "write":
      return path === undefined || typeof input.content !== "string" ? {} : observeWrite(resolveInWorkspace(environment.workspace, path), input.content);
    case "edit":
      return path === undefined ? {} : observeEdit(resolveInWorkspace(environment.workspace, path), input);
    case "glob":
      return typeof input.pattern === "string" ? observeGlob(input, environment.workspace) : {};
    case "grep":
      return typeof input.pattern === "string" ? observeGrep(input, environment.workspace) : {};
    case "bash":
      return typeof input.command === "string" ? { ...(await observeBash(input, environment.workspace)) } : {};
    case "webfetch":
      return typeof input.url === "string" ? observeWebfetch(input, environment.fetch) : {};
    default:
      return {};
  }
}
