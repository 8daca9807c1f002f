import type { SetupServer } from "msw/node";
import { createFakeProvider } from "../src/fake/create-fake-provider.js";
import { fakeModels } from "../src/fake/fake-models.js";
import { runReferenceLoop } from "../src/loop/loop-run.js";
import type { Protocol } from "../src/lower/lowering-result.js";
import { createOutputStore } from "../src/output-store/output-store-node.js";
import type { ProfileId } from "../src/profiles/profile.js";
import { profiles } from "../src/profiles/profile-registry.js";
import { loadScenario } from "../src/scenario/load-scenario.js";
import { writeScenarioWorkspace } from "../src/scenario/write-scenario-workspace.js";

/**
 * Runs the reference loop through one scenario under msw: writes the scenario's workspace, puts
 * the fake provider's handlers on `server`, and returns the loop's result with the provider (its
 * requests and violations).
 */
export async function runScenarioLoop(options: {
  server: SetupServer;
  profileId: ProfileId;
  protocol: Protocol;
  scenarioFile: string;
  workspace: string;
  outputDir: string;
  loop?: { maxSteps?: number; format?: { type: "json_schema"; schema: Record<string, unknown> } };
}) {
  const { server, profileId, protocol, workspace } = options;
  const scenario = await loadScenario(options.scenarioFile);
  await writeScenarioWorkspace(scenario, workspace);
  const provider = await createFakeProvider({ protocol, scenario, profile: profileId, workspace });
  server.resetHandlers(...provider.handlers);
  const result = await runReferenceLoop({
    profile: profiles[profileId],
    protocol,
    baseURL: "http://127.0.0.1:9",
    model: fakeModels[protocol],
    prompt: scenario.prompt,
    workspace,
    store: createOutputStore(options.outputDir),
    ...options.loop,
  });
  return { scenario, result, provider };
}
