import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Protocol } from "../src/lower/lowering-result.js";
import type { ProfileId } from "../src/profiles/profile.js";
import { runScenarioLoop } from "./loop-scenario-run.js";
import { makeTempDir } from "./temp-dirs.js";

const scenarios = new URL("../fixtures/scenarios/", import.meta.url).pathname;
const server = setupServer();
const root = makeTempDir("correx-loop-control-");
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

/** spec §4.5, written out from the spec text (⏎ = \n, no trailing newline). */
const MAX_STEPS =
  "CRITICAL - MAXIMUM STEPS REACHED\n\nThe maximum number of steps allowed for this task has been reached. Tools are disabled until next user input. Respond with text only.\n\nSTRICT REQUIREMENTS:\n1. Do NOT make any tool calls (no reads, writes, edits, searches, or any other tools)\n2. MUST provide a text response summarizing work done so far\n3. This constraint overrides ALL other instructions, including any user requests for edits or tool use\n\nResponse must include:\n- Statement that maximum steps for this agent have been reached\n- Summary of what has been accomplished so far\n- List of any remaining tasks that were not completed\n- Recommendations for what should be done next\n\nAny attempt to use tools is a critical violation. Respond with text ONLY.";

async function loop(profileId: ProfileId, protocol: Protocol, scenarioName: string, extra: { maxSteps?: number; format?: { type: "json_schema"; schema: Record<string, unknown> } } = {}) {
  const workspace = join(root, `${profileId}-${protocol}-${scenarioName}-${Object.keys(extra).join("-")}`);
  const { result, provider } = await runScenarioLoop({
    server,
    profileId,
    protocol,
    scenarioFile: `${scenarios}${scenarioName}.yaml`,
    workspace,
    outputDir: `${workspace}-output`,
    loop: extra,
  });
  return { result, provider };
}

describe("loop control (spec §4.5, seed 002)", () => {
  it("finish stop ends the loop; tool-calls runs another step", async () => {
    const { result, provider } = await loop("opencode-cli", "openai-chat", "edit-success");
    expect(result.steps).toBe(3);
    expect(provider.requests.map((request) => request.turn)).toEqual([0, 1, 2]);
    expect(result).toMatchObject({ status: "completed", finish: "stop", text: "Done." });
  });

  it("openai-chat (cli): at the step limit the MAX_STEPS text is the request's last message, as an assistant prefill", async () => {
    const { result, provider } = await loop("opencode-cli", "openai-chat", "edit-success", { maxSteps: 2 });
    expect(result.steps).toBe(2);
    const bodies = provider.requests.map((request) => request.body as { messages: { role: string; content: unknown }[] });
    expect(JSON.stringify(bodies[0]!.messages.at(-1))).toBe('{"role":"user","content":"Change x to 2 in app.js."}');
    expect(JSON.stringify(bodies[1]!.messages.at(-1))).toBe(JSON.stringify({ role: "assistant", content: MAX_STEPS }));
    expect(provider.violations).toEqual([]);
  });

  for (const [profileId, protocol] of [
    ["opencode-cli", "anthropic-messages"],
    ["opencode-core", "anthropic-messages"],
  ] as const) {
    it(`${profileId} × ${protocol}: MAX_STEPS goes out as the last assistant message on the first request when the limit is 1`, async () => {
      const { provider } = await loop(profileId, protocol, "bash-echo", { maxSteps: 1 });
      expect(provider.requests).toHaveLength(1);
      const messages = (provider.requests[0]!.body as { messages: { role: string; content: { type: string; text: string }[] }[] }).messages;
      const last = messages.at(-1)!;
      expect(last.role).toBe("assistant");
      expect(last.content.map((block) => block.text)).toEqual([MAX_STEPS]);
    });
  }

  for (const protocol of ["openai-chat", "anthropic-messages", "google-gemini"] as const) {
    it(`${protocol}: json_schema mode offers StructuredOutput, requires a tool call, and returns its input`, async () => {
      const schema = { type: "object", properties: { answer: { type: "number" }, unit: { type: "string" } }, required: ["answer"] };
      const { result, provider } = await loop("opencode-cli", protocol, "structured-output", { format: { type: "json_schema", schema } });
      expect(result).toMatchObject({ status: "completed", finish: "stop", structured: { answer: 42, unit: "none" } });
      const body = JSON.stringify(provider.requests[0]!.body);
      expect(body).toContain('"name":"StructuredOutput"');
      expect(provider.violations).toEqual([]);
    });

    it(`${protocol}: json_schema mode fails with "Model did not produce structured output" when the model stops without calling it`, async () => {
      const { result } = await loop("opencode-cli", protocol, "bash-echo", { format: { type: "json_schema", schema: { type: "object", properties: {} } } });
      expect(result.status).toBe("error");
      expect(result.error).toBe("Model did not produce structured output");
    });
  }
});
