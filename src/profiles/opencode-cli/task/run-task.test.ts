import { describe, expect, it } from "vitest";
import { redactValue } from "../../../golden/redact.js";
import type { EnvironmentPort } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import type { SubagentScript } from "../../subagent-script.js";
import { UNSCRIPTED_SUBAGENT_TEXT } from "../../subagent-script.js";
import { opencodeCliRedactions } from "../opencode-cli-redactions.js";
import { REPLAY_TASK_SESSION_ID, runTask } from "./run-task.js";

/** A port with the run's subagent scripts, workspace /w (no .opencode folder). */
function stubEnvironment(subagents: SubagentScript[] | undefined, agentConfig?: unknown): EnvironmentPort {
  return {
    workspace: "/w",
    agentEnv: {},
    ...(subagents === undefined ? {} : { subagents }),
    agentConfig,
    stat: async () => ({ kind: "missing", symlink: false }),
    readFile: async () => ({ failure: "EIO", message: "no reads here" }),
    listDirectory: async () => [],
    writeFile: async () => null,
    run: async () => ({ chunks: [], exitCode: 0, signal: null, timedOut: false }),
    fetch: async () => ({ failure: "refused", message: "no network" }),
  };
}

const scripts: SubagentScript[] = [
  {
    prompt: "SUBONE",
    turns: [
      { calls: [{ tool: "bash", input: { command: "wc -l a.txt" } }] },
      { calls: [{ tool: "write", input: { filePath: "/w/new.txt", content: "one\n" } }] },
      { text: "  a.txt has 2 lines.\n\n  indented\n  " },
    ],
  },
  {
    prompt: "SUBTWO",
    turns: [
      {
        calls: [
          { tool: "bash", input: { command: "ls" } },
          { tool: "write", input: { filePath: "/w/e.txt", content: "x" } },
        ],
      },
      { text: "hi" },
    ],
  },
  { prompt: "SUBD", turns: [{ text: "looking first", calls: [{ tool: "read", input: { filePath: "/w/a.txt" } }] }, { text: "" }] },
  { prompt: "SUBF", turns: [{ fault: { kind: "server-error" } }, { text: "late" }] },
  { prompt: "SUBR", turns: [{ text: "after retry", fault: { kind: "rate-limit" } }] },
  { prompt: "SUBM", turns: [{ text: "never", fault: { kind: "malformed-stream", times: 5 } }] },
  { prompt: "SUBX", turns: [{ text: "never", fault: { kind: "truncated-stream", times: 6 } }] },
  { prompt: "SUBP", turns: [{ calls: [{ tool: "read", input: { filePath: "/w/.env" } }] }, { text: "read it" }] },
  {
    prompt: "SUBQ",
    turns: [
      {
        calls: [
          { tool: "read", input: { filePath: "/w/.env" } },
          { tool: "bash", input: { command: "ls" } },
        ],
      },
      { text: "read it" },
    ],
  },
];

/** Runs a task, recording the child calls that ran for their effects. */
async function task(input: Record<string, unknown>, environment = stubEnvironment(scripts)) {
  const ran: string[] = [];
  const observation = await runTask(input, environment, async (call) => {
    ran.push(call.tool);
    return {};
  });
  return { observation, ran };
}

describe("v1 task on the run's subagent scripts (spec §2.13; fixtures/scenarios/task-subagents.yaml)", () => {
  it("plays the child: its calls run, the last message's text comes back as written", async () => {
    expect(await task({ description: "d", prompt: "SUBONE count", subagent_type: "general" })).toEqual({
      observation: { sessionId: REPLAY_TASK_SESSION_ID, state: "completed", text: "  a.txt has 2 lines.\n\n  indented\n  " },
      ran: ["bash", "write"],
    });
  });

  it("explore is not offered write: its write changes nothing; build runs like general", async () => {
    expect((await task({ description: "d", prompt: "SUBTWO", subagent_type: "explore" })).ran).toEqual(["bash"]);
    expect((await task({ description: "d", prompt: "SUBTWO", subagent_type: "build" })).ran).toEqual(["bash", "write"]);
  });

  it("a final message without text gives an empty result, whatever came before", async () => {
    expect((await task({ description: "d", prompt: "SUBD", subagent_type: "general" })).observation).toEqual({ sessionId: REPLAY_TASK_SESSION_ID, state: "completed", text: "" });
  });

  it("a prompt no script holds gets the fake's unscripted text", async () => {
    expect((await task({ description: "d", prompt: "nobody", subagent_type: "general" })).observation).toEqual({
      sessionId: REPLAY_TASK_SESSION_ID,
      state: "completed",
      text: UNSCRIPTED_SUBAGENT_TEXT,
    });
  });

  it("a rate limit once on the child's request is retried away (observed on four protocols)", async () => {
    expect((await task({ description: "d", prompt: "SUBR", subagent_type: "general" })).observation).toEqual({ sessionId: REPLAY_TASK_SESSION_ID, state: "completed", text: "after retry" });
  });

  it("a child call whose ask opencode run rejects fails the task with the rejection", async () => {
    const observation = await runTask({ description: "d", prompt: "SUBP", subagent_type: "general" }, stubEnvironment(scripts), async () => ({ permission: { reply: "reject" } }));
    expect(observation).toEqual({ error: `Subagent failed (task_id: ${REPLAY_TASK_SESSION_ID}): The user rejected permission to use this specific tool call.` });
  });

  it("an agent the table does not hold (names are case-sensitive) fails the call", async () => {
    expect((await task({ description: "d", prompt: "SUBTWO", subagent_type: "General" })).observation).toEqual({ error: "Unknown agent type: General is not a valid agent type" });
  });

  it("a task_id not starting with ses fails with the session id schema's message", async () => {
    expect((await task({ description: "d", prompt: "SUBTWO", subagent_type: "explore", task_id: "nope" })).observation).toEqual({ error: 'Expected a string starting with "ses", got "nope"' });
    expect((await task({ description: "d", prompt: "SUBTWO", subagent_type: "explore", task_id: "" })).observation).toEqual({ sessionId: REPLAY_TASK_SESSION_ID, state: "completed", text: "hi" });
  });

  it("what is not pinned is unsupported, naming the rule", async () => {
    const rejects = (input: Record<string, unknown>, environment?: EnvironmentPort) => expect(task(input, environment)).rejects.toThrow(UnsupportedError);
    await rejects({ description: "d", prompt: "SUBTWO", subagent_type: "plan" });
    await rejects({ description: "d", prompt: "SUBTWO", subagent_type: "toString" });
    await rejects({ description: "d", prompt: "SUBTWO", subagent_type: "explore", task_id: "ses_123" });
    await rejects({ description: "d", prompt: "SUBF", subagent_type: "general" });
    await rejects({ description: "d", prompt: "SUBX", subagent_type: "general" });
    // openai-chat gave the text, anthropic-messages `Subagent failed (…): JSON parsing failed…`
    await rejects({ description: "d", prompt: "SUBM", subagent_type: "general" });
    await expect(runTask({ description: "d", prompt: "SUBQ", subagent_type: "general" }, stubEnvironment(scripts), async () => ({ permission: {} }))).rejects.toThrow(UnsupportedError);
    await rejects({ description: "d", prompt: "look at @a.txt", subagent_type: "general" });
    await rejects({ description: "d", prompt: "SUBTWO", subagent_type: "general" }, stubEnvironment(undefined));
    await rejects({ description: "d", prompt: "SUBTWO", subagent_type: "general" }, stubEnvironment(scripts, { agent: { x: {} } }));
  });

  it("the child session's id is redacted in the envelope and in a failure", () => {
    const text = '<task id="ses_db66f400cffetUnenwio59a7gH" state="completed">\nSubagent failed (task_id: ses_db66f400cffetUnenwio59a7gH): x';
    expect(redactValue(text, opencodeCliRedactions)).toBe('<task id="[SESSION_ID]" state="completed">\nSubagent failed (task_id: [SESSION_ID]): x');
    expect(redactValue(`<task id="${REPLAY_TASK_SESSION_ID}"`, opencodeCliRedactions)).toBe('<task id="[SESSION_ID]"');
  });
});
