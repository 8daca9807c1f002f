import { describe, expect, it } from "vitest";
import { unmodelledClaudeAgentSetting } from "./claude-agent-settings.js";

/** Spec §12: which scenario agent settings the profile judges, and the rule it names for the others. */
describe("unmodelledClaudeAgentSetting", () => {
  it("no settings, and a variable the binary never reads with the modelled argument, are modelled", () => {
    expect(unmodelledClaudeAgentSetting(undefined)).toBeUndefined();
    expect(unmodelledClaudeAgentSetting({ env: {}, args: [] })).toBeUndefined();
    expect(unmodelledClaudeAgentSetting({ env: { GREETING: "hi" }, args: ["--append-system-prompt", "--model"] })).toBeUndefined();
  });

  it("a variable of the binary's settings registry is named", () => {
    expect(unmodelledClaudeAgentSetting({ env: { GREETING: "hi", BASH_MAX_OUTPUT_LENGTH: "20" }, args: [] })).toBe(
      "claude-code: the agent was started with BASH_MAX_OUTPUT_LENGTH set, a variable Claude Code reads; its effect is not modelled (spec §12)",
    );
    expect(unmodelledClaudeAgentSetting({ env: { CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS: "100" }, args: [] })).toBe(
      "claude-code: the agent was started with CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS set, a variable Claude Code reads; its effect is not modelled (spec §12)",
    );
  });

  it("a variable the bundle reads through process.env, or its runtime reads, is named", () => {
    expect(unmodelledClaudeAgentSetting({ env: { SHELL: "/bin/zsh" }, args: [] })).toBe(
      "claude-code: the agent was started with SHELL set, a variable Claude Code reads; its effect is not modelled (spec §12)",
    );
    expect(unmodelledClaudeAgentSetting({ env: { TMPDIR: "/var/tmp" }, args: [] })).toBe(
      "claude-code: the agent was started with TMPDIR set, a variable its runtime reads; its effect is not modelled (spec §12)",
    );
    expect(unmodelledClaudeAgentSetting({ env: { LC_ALL: "C" }, args: [] })).toBe(
      "claude-code: the agent was started with LC_ALL set, a variable its runtime reads; its effect is not modelled (spec §12)",
    );
  });

  it("any argument but --append-system-prompt and its value is named", () => {
    expect(unmodelledClaudeAgentSetting({ env: {}, args: ["--append-system-prompt", "x", "--disallowedTools", "Bash"] })).toBe(
      'claude-code: the agent was started with the argument "--disallowedTools", whose effect is not modelled (spec §12)',
    );
    expect(unmodelledClaudeAgentSetting({ env: {}, args: ["constructor"] })).toBe('claude-code: the agent was started with the argument "constructor", whose effect is not modelled (spec §12)');
  });
});
