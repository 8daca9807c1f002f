import type { CodexOutput, CodexToolSearchOutput } from "../../profiles/codex-cli/codex-result.js";
import { isFreeformTool } from "../../profiles/codex-cli/codex-tools.js";

/** One call of a codex-cli turn and its formatted result. */
export interface CodexTurnCall {
  id: string;
  tool: string;
  /** The arguments (a record) or, for a freeform tool, the raw input text. */
  input: unknown;
  result: CodexOutput | CodexToolSearchOutput;
}

/** A client-executed tool search (spec §9.1): the scripted call named `tool_search_call`. */
const isToolSearch = (call: CodexTurnCall) => call.tool === "tool_search_call";

/**
 * A call to a freeform tool with its raw text: a `custom_tool_call`, answered by a
 * `custom_tool_call_output`. The freeform apply_patch sent as a function call (JSON arguments) is
 * a function call, answered by a `function_call_output` (`aborted`, spec §6.3, observed).
 */
const isCustomCall = (call: CodexTurnCall): call is CodexTurnCall & { input: string } => isFreeformTool(call.tool) && typeof call.input === "string";

/** Codex's name `mcp__<server>__<tool>` split into the namespace and the function the model called (spec §9.1). */
const mcpName = (tool: string) => /^(mcp__[A-Za-z0-9_-]+?)__(.+)$/.exec(tool);

/** A placeholder item id of the form Codex uses (`fco_` / `ctco_` + a UUID); redacted to `[ITEM_ID]` before comparison. */
const itemId = (prefix: string, index: number) => `${prefix}_00000000-0000-7000-8000-${String(index + 1).padStart(12, "0")}`;

/**
 * The openai-responses body Codex CLI sends after a turn's tools ran, reduced to the turn: the
 * user's prompt, each call as the model made it (`function_call` with JSON `arguments`, or
 * `custom_tool_call` with the raw `input` for the freeform apply_patch), then each result in
 * call order, keys in the binary's order: `{type, id, call_id, output}` with
 * `type` `function_call_output` or `custom_tool_call_output`; a tool search's
 * `{type: "tool_search_output", id, call_id, status, execution, tools}` (spec §9.1).
 * @see spec §1.2 (observed request bodies)
 */
export function lowerCodexTurn(prompt: string, calls: readonly CodexTurnCall[]): { input: unknown[] } {
  const input: unknown[] = [{ type: "message", role: "user", content: [{ type: "input_text", text: prompt }] }];
  calls.forEach((call) => {
    const mcp = mcpName(call.tool);
    input.push(
      isToolSearch(call)
        ? { type: "tool_search_call", call_id: call.id, status: "completed", execution: "client", arguments: call.input }
        : mcp !== null
          ? { type: "function_call", name: mcp[2], namespace: mcp[1], arguments: JSON.stringify(call.input), call_id: call.id }
          : isCustomCall(call)
            ? { type: "custom_tool_call", status: "completed", call_id: call.id, name: call.tool, input: call.input }
            : { type: "function_call", name: call.tool, arguments: JSON.stringify(call.input), call_id: call.id },
    );
  });
  calls.forEach((call, index) => {
    if ("tools" in call.result) {
      input.push({ type: "tool_search_output", id: itemId("tso", index), call_id: call.id, status: "completed", execution: "client", tools: call.result.tools });
      return;
    }
    const custom = isCustomCall(call);
    input.push({ type: custom ? "custom_tool_call_output" : "function_call_output", id: itemId(custom ? "ctco" : "fco", index), call_id: call.id, output: call.result.output });
  });
  return { input };
}
