// @ts-check
// A toy sixth agent, added the way CONTRIBUTING's "Add an agent profile" says: one folder and one
// registry line (here `registerProfile(toyAgent)` in its test, since the toy ships nowhere).
// Plain JavaScript so the reference agent (examples/agents/reference-agent.mjs, run by node) can
// load it with CORREX_AGENT_PROFILE_MODULE; the types come from src/profiles/profile.ts.
//
// The toy agent "toy-echo" speaks openai-chat only and has two tools: `shout` (modelled: its result is
// the text upper-cased, with an exclamation mark) and `whisper` (declared, not modelled).

/** @typedef {import("../../src/profiles/profile.js").Profile} Profile */
/** @typedef {import("../../src/profiles/profile.js").ProfileStepCall} ProfileStepCall */

/** Thrown for what the toy does not model (the name is what correx checks). */
class UnsupportedError extends Error {
  /** @override */
  name = "UnsupportedError";
}

/** @param {unknown} input */
const textOf = (input) => (input !== null && typeof input === "object" && typeof (/** @type {{text?: unknown}} */ (input).text) === "string" ? /** @type {{text: string}} */ (input).text : null);

/**
 * The toy's history is the neutral form (schemas/history/neutral-message.json); its lowerer maps
 * each message to one openai-chat message: the prompt, the assistant's tool calls, one tool
 * message a result (its `reply`).
 * @param {any} message
 */
function chatMessage(message) {
  switch (message.role) {
    case "user":
      return { role: "user", content: message.content };
    case "assistant":
      return {
        role: "assistant",
        content: message.content ?? null,
        ...(message.calls?.length
          ? { tool_calls: message.calls.map((/** @type {any} */ call) => ({ id: call.id, type: "function", function: { name: call.tool, arguments: JSON.stringify(call.input) } })) }
          : {}),
      };
    case "tool":
      return { role: "tool", tool_call_id: message.id, content: message.result.reply };
    default:
      throw new UnsupportedError(`toy-echo: no ${message.role} messages`);
  }
}

/** @type {Profile["history"]} */
const history = {
  forms: { neutral: "history/neutral-message" },
  prompt: (text) => ({ role: "user", content: text }),
  assistantText: (text) => ({ role: "assistant", content: text }),
  step(step) {
    return [
      { role: "assistant", ...(step.text ? { content: step.text } : {}), calls: step.calls.map((call) => ({ id: call.id, tool: call.tool, input: call.input })) },
      ...step.calls.map((call) => ({ role: "tool", id: call.id, result: call.result })),
    ];
  },
  lower(request) {
    if (request.protocol !== "openai-chat") throw new UnsupportedError(`toy-echo speaks openai-chat only, not ${request.protocol}`);
    return { body: { messages: request.messages.map(chatMessage) }, warnings: [] };
  },
};

/** @type {Profile} */
export const toyAgent = {
  id: "toy-echo",
  version: "1.0.0",
  agent: { name: "Toy echo agent (test/toy-agent)", driver: { command: ["node", "examples/agents/reference-agent.mjs"] } },
  versions: { verified: { from: "1.0.0", to: "1.0.0" }, evidence: "1.0.0: test/toy-agent/toy-agent.test.ts" },
  protocols: ["openai-chat"],
  tools: [
    { name: "shout", status: "modelled" },
    { name: "whisper", status: "unsupported", reason: "the toy does not model whispering" },
  ],
  argumentNames: { path: "path" },
  toolDeclarations: [
    { name: "shout", description: "Say it louder.", parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
    { name: "whisper", description: "Say it softer.", parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } },
  ],
  history,
  errorResult: (message) => ({ reply: message }),
  agentVersion: (headers) => /^toy-echo\/(\d+\.\d+\.\d+)$/.exec(headers["user-agent"] ?? "")?.[1],
  /** The result the model sees: the text upper-cased with "!", or the refusal of a call without text. */
  format(request) {
    if (request.tool !== "shout") throw new UnsupportedError(`toy-echo: the ${request.tool} tool is not modelled`);
    const text = request.observation.text;
    return { reply: typeof text === "string" ? `${text.toUpperCase()}!` : "shout needs a text" };
  },
  truncate() {
    throw new UnsupportedError("toy-echo never truncates");
  },
  /** Shouting touches nothing: the observation is the text heard. */
  async observe(call) {
    if (call.tool !== "shout") throw new UnsupportedError(`toy-echo: the ${call.tool} tool is not modelled`);
    const text = textOf(call.input);
    return text === null ? {} : { text };
  },
};

export const profile = toyAgent;
