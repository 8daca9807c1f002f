import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeProvider } from "../src/fake/create-fake-provider.js";
import type { Protocol } from "../src/lower/lowering-result.js";
import { runReferenceLoop } from "../src/loop/loop-run.js";
import { ripgrepAvailable } from "../src/loop/observe-search.js";
import { createOutputStore } from "../src/output-store/output-store-node.js";
import { profiles } from "../src/profiles/profile-registry.js";
import type { ProfileId } from "../src/profiles/profile.js";
import { loadScenario } from "../src/scenario/load-scenario.js";
import { writeScenarioWorkspace } from "../src/scenario/write-scenario-workspace.js";

const scenarioDir = new URL("../fixtures/scenarios/", import.meta.url).pathname;
const scenarioFiles = readdirSync(scenarioDir).filter((name) => name.endsWith(".yaml")).sort();
const matrix: [ProfileId, Protocol][] = [
  ["opencode-cli", "openai-chat"],
  ["opencode-cli", "anthropic-messages"],
  ["opencode-cli", "google-gemini"],
  ["opencode-core", "openai-chat"],
  ["opencode-core", "anthropic-messages"],
  ["opencode-core", "google-gemini"],
  ["opencode-core", "openai-responses"],
];
const models: Record<Protocol, string> = {
  "openai-chat": "correx-fake-chat",
  "anthropic-messages": "claude-correx-fake",
  "google-gemini": "gemini-2.5-correx-fake",
  "openai-responses": "correx-fake-responses",
};
const server = setupServer();
const root = mkdtempSync(join(tmpdir(), "correx-loop-"));
const hasRipgrep = await ripgrepAvailable();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe("the reference loop completes every scenario under msw (issue 7, Done-when 1)", () => {
  for (const [profileId, protocol] of matrix) {
    for (const file of scenarioFiles) {
      const name = file.replace(/\.yaml$/, "");
      const needsRipgrep = name.startsWith("glob-") || name.startsWith("grep-");
      it.skipIf(needsRipgrep && !hasRipgrep)(`${profileId} × ${protocol}: ${name}`, async () => {
        const scenario = await loadScenario(join(scenarioDir, file));
        const workspace = join(root, `${profileId}-${protocol}-${name}`);
        await writeScenarioWorkspace(scenario, workspace);
        const provider = await createFakeProvider({ protocol, scenario, profile: profileId, workspace });
        server.resetHandlers(...provider.handlers);
        const result = await runReferenceLoop({
          profile: profiles[profileId],
          protocol,
          baseURL: "http://127.0.0.1:9",
          model: models[protocol],
          prompt: scenario.prompt,
          workspace,
          store: createOutputStore(join(workspace, "..", `${profileId}-${protocol}-${name}-output`)),
        });
        expect(provider.violations).toEqual([]);
        expect(result.error).toBeUndefined();
        expect(result.status).toBe("completed");
        expect(result.finish).toBe("stop");
        expect(result.text).toBe(scenario.turns[scenario.turns.length - 1]!.text);
        const lastTurn = provider.requests.filter((request) => request.kind === "provider").at(-1)?.turn;
        expect(lastTurn).toBe(scenario.turns.length - 1);
      });
    }
  }
});
