import { coreReplayedResult } from "../loop/loop-core-replay.js";
import { lowerClaudeTurn } from "../lower/claude-code/lower-claude-code.js";
import { lowerCodexTurn } from "../lower/codex-cli/lower-codex-cli.js";
import { lowerGeminiTurn } from "../lower/gemini-cli/lower-gemini-cli.js";
import { lowerCore } from "../lower/lower-core.js";
import type { Protocol } from "../lower/lowering-result.js";
import { lowerCli } from "../lower/opencode-cli/lower-cli.js";
import type { ClaudeCodeResult } from "../profiles/claude-code/claude-result.js";
import { claudeResultOrder } from "../profiles/claude-code/claude-result-order.js";
import type { CodexOutput } from "../profiles/codex-cli/codex-result.js";
import type { GeminiCliResult } from "../profiles/gemini-cli/gemini-result.js";
import { cliHistoryCall } from "../profiles/opencode-cli/cli-history-call.js";
import type { CliFormatResult } from "../profiles/opencode-cli/result/format-result.js";
import type { OutputStorePort } from "../profiles/output-store-port.js";
import type { FormatOptions, Profile } from "../profiles/profile.js";
import { UnsupportedError } from "../profiles/profile.js";
import { extractGateFragments, type GateFragment } from "./gate-fragments.js";

/** One call of a turn with what its tool observed. */
export interface GateCall {
  id: string;
  tool: string;
  /** The arguments as the model sent them (parsed). */
  input: unknown;
  observation: Record<string, unknown>;
  /** The profile's result for the call when it was formatted already (then `observation` is not formatted again). */
  result?: unknown;
}

export interface ExpectedTurnOptions {
  profile: Profile;
  protocol: Protocol;
  /** The model id the agent is configured with (gemini-3 vs. earlier, Claude rules, tool set). */
  model: string;
  prompt: string;
  calls: GateCall[];
  options: FormatOptions;
  store: OutputStorePort;
  /** opencode-cli: the model's input modalities (ProviderTransform step 1). */
  modalities?: readonly string[];
  /**
   * claude-code: the call ids in the order the agent placed their results (its request's
   * `tool_result` blocks). The binary places concurrently run results as they finish; an order
   * the binary could have produced is adopted, any other is ignored (docs/spec/claude-code-2.1.332.md §2.2).
   */
  agentOrder?: readonly string[];
}

/**
 * What the profile would send for one turn's tool results: each call formatted with the profile,
 * then the whole turn lowered with the profile's lowerer for the protocol in the smallest history
 * that holds it (the prompt, the assistant's calls, their results — the results last, as in the
 * request right after the tools ran), and the result fragments read back out of that body.
 * @see spec §2 (format), §4.1–4.3 (lowering); design: gate
 */
export function expectedTurnFragments(options: ExpectedTurnOptions): GateFragment[] {
  const body =
    options.profile.id === "opencode-cli"
      ? lowerCliTurn(options)
      : options.profile.id === "codex-cli"
        ? lowerCodexCliTurn(options)
        : options.profile.id === "gemini-cli"
          ? lowerGeminiCliTurn(options)
          : options.profile.id === "claude-code"
            ? lowerClaudeCodeTurn(options)
            : lowerCoreTurn(options);
  return extractGateFragments(options.protocol, body);
}

/** The profile's result for one call: the precomputed one, or the call formatted now. */
export function formatGateCall(options: Pick<ExpectedTurnOptions, "profile" | "options" | "store">, call: GateCall): unknown {
  if (call.result !== undefined) return call.result;
  return options.profile.format({ tool: call.tool, input: call.input, observation: call.observation, options: options.options }, options.store);
}

function lowerCliTurn(options: ExpectedTurnOptions): unknown {
  const parts: unknown[] = [{ type: "step-start" }];
  for (const call of options.calls) {
    const result = formatGateCall(options, call) as CliFormatResult;
    const named = cliHistoryCall(call.tool, call.input, options.options);
    const time = { start: 1, end: 2 };
    const state =
      result.status === "completed"
        ? { status: "completed", input: named.input, output: result.output, title: result.title, metadata: result.metadata, time, ...(result.attachments ? { attachments: result.attachments } : {}) }
        : { status: "error", input: named.input, error: result.error, time };
    parts.push({ type: "tool", tool: named.tool, callID: call.id, state });
  }
  const messages = [
    { role: "user", parts: [{ type: "text", text: options.prompt }] },
    { role: "assistant", parts },
  ];
  return lowerCli({ protocol: options.protocol, messages, model: options.model, modalities: options.modalities }).body;
}

/** codex-cli speaks openai-responses only. @see codex-cli spec §1.2 */
function lowerCodexCliTurn(options: ExpectedTurnOptions): unknown {
  if (options.protocol !== "openai-responses") throw new UnsupportedError(`codex-cli speaks openai-responses only, not ${options.protocol}`);
  return lowerCodexTurn(
    options.prompt,
    options.calls.map((call) => ({ id: call.id, tool: call.tool, input: call.input, result: formatGateCall(options, call) as CodexOutput })),
  );
}

/** gemini-cli speaks google-gemini only. @see docs/spec/gemini-cli-0.61.0.md §1 */
function lowerGeminiCliTurn(options: ExpectedTurnOptions): unknown {
  if (options.protocol !== "google-gemini") throw new UnsupportedError(`gemini-cli speaks google-gemini only, not ${options.protocol}`);
  return lowerGeminiTurn(
    options.prompt,
    options.calls.map((call) => ({ tool: call.tool, input: call.input, result: formatGateCall(options, call) as GeminiCliResult })),
  );
}

/** claude-code speaks anthropic-messages only. @see docs/spec/claude-code-2.1.332.md §2 */
function lowerClaudeCodeTurn(options: ExpectedTurnOptions): unknown {
  if (options.protocol !== "anthropic-messages") throw new UnsupportedError(`claude-code speaks anthropic-messages only, not ${options.protocol}`);
  const order = claudeResultOrder(options.calls, options.agentOrder);
  const calls = [...options.calls].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return lowerClaudeTurn(
    options.prompt,
    calls.map((call) => ({ id: call.id, tool: call.tool, input: call.input, result: formatGateCall(options, call) as ClaudeCodeResult })),
  );
}

function lowerCoreTurn(options: ExpectedTurnOptions): unknown {
  const results = options.calls.map((call) => ({
    role: "tool" as const,
    content: [coreReplayedResult(call.id, call.tool, formatGateCall(options, call))],
  }));
  const messages = [
    { role: "user", content: [{ type: "text", text: options.prompt }] },
    { role: "assistant", content: options.calls.map((call) => ({ type: "tool-call", id: call.id, name: call.tool, input: call.input })) },
    ...results,
  ];
  return lowerCore({ protocol: options.protocol, messages: messages as never }).body;
}
