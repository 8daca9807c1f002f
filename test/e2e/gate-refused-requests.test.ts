// A request correx's fake refuses unread (nested past the input limit, or over the body limit) was
// neither counted nor said by the gate (found by an outside tester): it is now an `unsupported`
// outcome naming it, so a run never passes over what correx did not read.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../temp-dirs.js";
import { runGate } from "./gate-runner.js";
import { repoRoot } from "./run-cli.js";

describe("gate: requests the fake refuses unread", () => {
  it("a body nested 100,000 deep before the real conversation: an unsupported outcome naming it, the tool results still judged", async () => {
    const agent = join(makeTempDir("correx-refused-agent-"), "deep-then-reference.mjs");
    writeFileSync(
      agent,
      `const deep = "[".repeat(100000) + "]".repeat(100000);
await fetch(process.env.CORREX_BASE_URL + "/v1/chat/completions", { method: "POST", headers: { "content-type": "application/json" }, body: '{"model":"m","messages":' + deep + "}" }).then((response) => response.text());
await import(${JSON.stringify(join(repoRoot, "examples/agents/reference-agent.mjs"))});
`,
    );
    const run = await runGate(["--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", join(repoRoot, "fixtures/scenarios/bash-echo.yaml"), "--reporter", "json", "--", "node", agent]);
    expect(run.code).toBe(3);
    const records = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; id?: string; status?: string; message?: string });
    const refused = records.find((record) => record.id === "bash-echo/openai-chat/requests-refused");
    expect(refused).toMatchObject({
      status: "unsupported",
      message: "correx's fake refused 1 request(s) unread, so correx cannot judge them; first: POST /v1/chat/completions: a body nested deeper than 512 levels (answered 400)",
    });
    expect(records.find((record) => record.id === "bash-echo/openai-chat/call_1_1")?.status).toBe("pass");
  }, 60_000);
});
