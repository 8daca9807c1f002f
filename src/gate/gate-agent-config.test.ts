import { describe, expect, it } from "vitest";
import { declaredModalities, withScenarioConfig } from "./gate-agent-config.js";

const template = (input: string[]) => JSON.stringify({ provider: { a: { models: { m: { modalities: { input } } } }, b: { models: { m: { modalities: { input } }, other: {} } } } });

describe("the agent's config as the gate gives it (README 'Scenario files' agentConfig; issue 30 item 3)", () => {
  it("merges a scenario's agentConfig into the rendered JSON config, objects key by key, placeholders rendered", () => {
    const rendered = JSON.stringify({ provider: { a: { name: "A" } }, experimental: { x: 1 } });
    const merged = withScenarioConfig(
      rendered,
      { name: "s", agentConfig: { experimental: { continue_loop_on_deny: true }, permission: { external_directory: { "{{workspace}}/../*": "allow" } } } },
      { workspace: "/w" },
    );
    expect(JSON.parse(merged)).toEqual({
      provider: { a: { name: "A" } },
      experimental: { x: 1, continue_loop_on_deny: true },
      permission: { external_directory: { "/w/../*": "allow" } },
    });
    expect(withScenarioConfig("not json", { name: "s" }, {})).toBe("not json");
    expect(() => withScenarioConfig("not json", { name: "s", agentConfig: {} }, {})).toThrow(/not a JSON object/);
  });

  it("reads the model's declared input modalities besides text, when every provider agrees", () => {
    expect(declaredModalities(template(["text", "image"]), "m")).toEqual(["image"]);
    expect(declaredModalities(template(["text"]), "m")).toEqual([]);
    expect(declaredModalities(template(["text", "image"]), "absent")).toBeUndefined();
    const disagree = JSON.stringify({ provider: { a: { models: { m: { modalities: { input: ["image"] } } } }, b: { models: { m: { modalities: { input: ["pdf"] } } } } } });
    expect(declaredModalities(disagree, "m")).toBeUndefined();
    expect(declaredModalities(JSON.stringify({ provider: { a: { models: { m: {} } } } }), "m")).toBeUndefined();
    expect(declaredModalities(undefined, "m")).toBeUndefined();
  });
});
