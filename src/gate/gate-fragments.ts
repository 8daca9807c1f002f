import type { Protocol } from "../lower/lowering-result.js";

/**
 * One tool result as it sits in a request body: the wire element itself (the `role:"tool"`
 * message, the `tool_result` block, the `functionResponse` part, the `function_call_output`
 * item) and what the agent sent right after its batch of results (e.g. the user message that
 * carries the images a provider cannot take inside a tool result).
 */
export interface GateFragment {
  /** The call id, or null on google-gemini (no ids on the wire: matched by position). */
  callId: string | null;
  /** The tool name on the wire, when the protocol carries one. */
  name: string | null;
  /** 0-based position among all tool results of the request. */
  ordinal: number;
  /** The wire element. */
  value: unknown;
  /** Elements following the batch this result closes (empty unless it is the batch's last result). */
  after: unknown[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);
const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/**
 * Every tool result in a request body, in wire order, per protocol: openai-chat `role:"tool"`
 * messages, anthropic-messages `tool_result` blocks, google-gemini `functionResponse` parts,
 * openai-responses `function_call_output` and `custom_tool_call_output` items. What follows a batch of results up to the next
 * assistant/model turn (user messages, non-result blocks or parts) is attached to the batch's last
 * result.
 * @see spec §4.2, §4.3; README "images", "parallel calls"
 */
export function extractGateFragments(protocol: Protocol, body: unknown): GateFragment[] {
  const fragments: GateFragment[] = [];
  let last: GateFragment | null = null;
  const push = (callId: string | null, name: string | null, value: unknown) => {
    last = { callId, name, ordinal: fragments.length, value, after: [] };
    fragments.push(last);
  };
  const attach = (value: unknown) => {
    if (last) last.after.push(value);
  };
  const close = () => {
    last = null;
  };
  const root = isObject(body) ? body : {};
  switch (protocol) {
    case "openai-chat":
      for (const message of arrayOf(root.messages)) {
        if (!isObject(message)) continue;
        if (message.role === "tool") push(String(message.tool_call_id ?? ""), null, message);
        else if (message.role === "user") attach(message);
        else close();
      }
      break;
    case "anthropic-messages":
      for (const message of arrayOf(root.messages)) {
        if (!isObject(message)) continue;
        // A system turn after results (Claude Code's notes and reminders) follows the batch too.
        if (message.role === "system") {
          attach(message);
          continue;
        }
        if (message.role !== "user") {
          close();
          continue;
        }
        for (const block of arrayOf(message.content)) {
          if (isObject(block) && block.type === "tool_result") push(String(block.tool_use_id ?? ""), null, block);
          else attach(block);
        }
      }
      break;
    case "google-gemini":
      for (const content of arrayOf(root.contents)) {
        if (!isObject(content)) continue;
        if (content.role !== "user") {
          close();
          continue;
        }
        const start = fragments.length;
        for (const part of arrayOf(content.parts)) {
          const response = isObject(part) ? part.functionResponse : undefined;
          if (isObject(response)) push(null, typeof response.name === "string" ? response.name : null, part);
          else attach(part);
        }
        inCallOrder(fragments, start);
      }
      break;
    case "openai-responses":
      for (const item of arrayOf(root.input)) {
        if (!isObject(item)) continue;
        if (item.type === "function_call_output" || item.type === "custom_tool_call_output" || item.type === "tool_search_output") push(String(item.call_id ?? ""), null, item);
        else if (item.role === "user") attach(item);
        else close();
      }
      break;
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
  return fragments;
}

/** The index `<i>` of a Gemini CLI call id `<name>_<ms>_<i>` whose name is the response's, else null. */
function geminiCallIndex(fragment: GateFragment): number | null {
  const part = fragment.value as Json;
  const id = isObject(part.functionResponse) ? part.functionResponse.id : undefined;
  if (typeof id !== "string" || fragment.name === null || !id.startsWith(`${fragment.name}_`)) return null;
  const match = /^\d+_(\d+)$/.exec(id.slice(fragment.name.length + 1));
  return match ? Number(match[1]) : null;
}

/**
 * google-gemini carries no call ids the fake gave, so results are matched by position; an agent
 * that numbers its own ids by the call's place in the reply (Gemini CLI: `<name>_<ms>_<i>`) may
 * still answer out of call order (update_topic first). When every response of a batch (one user
 * content, from `start`) has such an id, all different, the batch is put in the order of those
 * indices and renumbered; each keeps the parts that followed it on the wire. Otherwise the wire
 * order stands. @see docs/spec/gemini-cli-0.61.0.md §1.1, §16.5
 */
function inCallOrder(fragments: GateFragment[], start: number): void {
  const batch = fragments.slice(start);
  const indices = batch.map(geminiCallIndex);
  if (batch.length < 2 || indices.some((index) => index === null) || new Set(indices).size !== batch.length) return;
  const sorted = batch.map((fragment, at) => ({ fragment, index: indices[at]! })).sort((a, b) => a.index - b.index);
  sorted.forEach(({ fragment }, at) => {
    fragment.ordinal = start + at;
    fragments[start + at] = fragment;
  });
}

/** The tool text inside a fragment (the first text the model reads), for order alignment. */
export function gateFragmentText(protocol: Protocol, value: unknown): string {
  if (!isObject(value)) return "";
  const textOf = (content: unknown): string =>
    typeof content === "string"
      ? content
      : arrayOf(content)
          .map((part) => (isObject(part) && typeof part.text === "string" ? part.text : ""))
          .join("\n");
  switch (protocol) {
    case "openai-chat":
    case "anthropic-messages":
      return textOf(value.content);
    case "google-gemini": {
      const response = isObject(value.functionResponse) && isObject(value.functionResponse.response) ? value.functionResponse.response : {};
      if (typeof response.content === "string") return response.content;
      // Gemini CLI's responses carry `output` or `error` (gemini-cli spec §1.3)
      if (typeof response.output === "string") return response.output;
      if (typeof response.error === "string") return response.error;
      return JSON.stringify(response.content ?? "");
    }
    case "openai-responses":
      return textOf(value.output);
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
}
