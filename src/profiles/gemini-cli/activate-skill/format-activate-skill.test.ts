import { describe, expect, it } from "vitest";
import { formatActivateSkill } from "./format-activate-skill.js";

const skillNames = ["skill-creator", "antigravity-support", "demo"];

// Expected texts: what Gemini CLI 0.61.0 sent (scenario gemini-session-tools, recorded with
// `correx gate --against golden`, 2026-12-06). docs/spec/gemini-cli-0.61.0.md §16.4
describe("gemini-cli activate_skill (spec §16.4)", () => {
  it("refuses a name outside the skills the session found, and a missing name", () => {
    expect(formatActivateSkill({ name: "nope" }, { skillNames })).toEqual({ response: { error: "params/name must be equal to one of the allowed values" } });
    expect(formatActivateSkill({}, { skillNames })).toEqual({ response: { error: "params must have required property 'name'" } });
  });

  it("wraps a workspace skill's body and folder structure", () => {
    const structure = "Showing up to 200 items (files + folders).\n\n/ws/.gemini/skills/demo/\n├───notes.txt\n└───SKILL.md";
    expect(formatActivateSkill({ name: "demo" }, { skillNames, skill: { body: "# Demo\n\nDo the demo thing.", structure } })).toEqual({
      response: {
        output:
          '<activated_skill name="demo">\n  <instructions>\n    # Demo\n\nDo the demo thing.\n  </instructions>\n\n  <available_resources>\n    Showing up to 200 items (files + folders).\n\n/ws/.gemini/skills/demo/\n├───notes.txt\n└───SKILL.md\n  </available_resources>\n</activated_skill>',
      },
    });
  });

  it("names the rule it does not model (a skill of the installation)", () => {
    expect(() => formatActivateSkill({ name: "skill-creator" }, { skillNames, skillUnmodelled: "the installation's skill skill-creator" })).toThrow(
      /activate_skill: the installation's skill skill-creator is not modelled/,
    );
  });
});
