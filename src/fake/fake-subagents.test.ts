import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../scenario/scenario.js";
import { createFakeProvider } from "./create-fake-provider.js";

const origin = "http://127.0.0.1:4010";
const withTask: Scenario = {
  name: "task-subagent",
  spec: "§2.13",
  prompt: "Delegate the listing.",
  turns: [{ calls: [{ tool: "task", input: { description: "list", prompt: "List the files.", subagent_type: "general" } }] }, { text: "Done." }],
  subagents: [{ prompt: "List the files.", turns: [{ calls: [{ tool: "bash", input: { command: "ls" } }] }, { text: "a.txt" }] }],
};

const chat = (messages: unknown[]) => new Request(`${origin}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "m", messages }) });
type ChatReply = { choices: { message: { content: string | null; tool_calls?: { id: string; function: { name: string } }[] } }[] };
const reply = async (fake: Awaited<ReturnType<typeof createFakeProvider>>, messages: unknown[]) => (await (await getResponse(fake.handlers, chat(messages)))!.json()) as ChatReply;

describe("the fake answers an agent's subagents from their own script (scenario `subagents`)", () => {
  it("a subagent's requests get its turns with ids of their own; the main script is not advanced by them", async () => {
    const fake = await createFakeProvider({ protocol: "openai-chat", scenario: withTask });
    const main = await reply(fake, [{ role: "user", content: "Delegate the listing." }]);
    expect(main.choices[0].message.tool_calls?.map((call) => [call.id, call.function.name])).toEqual([["call_1_1", "task"]]);
    const sub1 = await reply(fake, [{ role: "user", content: "List the files." }]);
    expect(sub1.choices[0].message.tool_calls?.map((call) => [call.id, call.function.name])).toEqual([["sub1_call_1_1", "bash"]]);
    const sub2 = await reply(fake, [
      { role: "user", content: "List the files." },
      { role: "assistant", content: "", tool_calls: [{ id: "sub1_call_1_1", type: "function", function: { name: "bash", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "sub1_call_1_1", content: "a.txt\n" },
    ]);
    expect(sub2.choices[0].message.content).toBe("a.txt");
    const mainAgain = await reply(fake, [
      { role: "user", content: "Delegate the listing." },
      { role: "assistant", content: "", tool_calls: [{ id: "call_1_1", type: "function", function: { name: "task", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "call_1_1", content: "a.txt" },
    ]);
    expect(mainAgain.choices[0].message.content).toBe("Done.");
    expect(fake.requests.map((request) => request.subagent)).toEqual([false, true, true, false]);
  });

  it("an unscripted subagent gets a final text saying so, never a call of the main script", async () => {
    const fake = await createFakeProvider({ protocol: "openai-chat", scenario: { ...withTask, subagents: undefined } });
    await reply(fake, [{ role: "user", content: "Delegate the listing." }]);
    const sub = await reply(fake, [{ role: "user", content: "List the files." }]);
    expect(sub.choices[0].message.tool_calls).toBeUndefined();
    expect(sub.choices[0].message.content).toBe("correx fake: this subagent request has no script (add one under the scenario's `subagents`).");
  });

  it("before the main session has shown itself, every request plays the main script (clients that send other text)", async () => {
    const fake = await createFakeProvider({ protocol: "openai-chat", scenario: withTask });
    const first = await reply(fake, [{ role: "user", content: "go" }]);
    expect(first.choices[0].message.tool_calls?.[0]?.function.name).toBe("task");
  });
});
