import { describe, expect, it } from "vitest";
import { claudeAgentTypeKey, namesBuiltInAgentType, unknownAgentTypeMessage } from "./claude-agent-types.js";

/** Expected values from docs/spec/claude-code-2.1.332.md §11.1 (bundle `fte`; the refusal observed by unseen batch 9 and fixtures/scenarios/claude-agent-foreground.yaml). */
describe("claude-code agent types (§11.1)", () => {
  it("keys a type by NFKC, lower case, without white space, dashes and underscores", () => {
    expect(claudeAgentTypeKey("General_Purpose")).toBe("generalpurpose");
    expect(claudeAgentTypeKey("status\u2014line setup")).toBe("statuslinesetup");
    expect(claudeAgentTypeKey("\uff25xplore")).toBe("explore");
  });

  it("names the built-in types, the hidden web-fetch one too, and nothing else", () => {
    for (const type of ["Explore", "plan", "statusline_setup", "WEB FETCH", "claude"]) expect(namesBuiltInAgentType(type), type).toBe(true);
    for (const type of ["data-wizard", "explorer", "general"]) expect(namesBuiltInAgentType(type), type).toBe(false);
  });

  it("refuses an unknown type with the available ones in the binary's order", () => {
    expect(unknownAgentTypeMessage("data-wizard")).toBe("Agent type 'data-wizard' not found. Available agents: claude, Explore, general-purpose, Plan, statusline-setup");
  });
});
