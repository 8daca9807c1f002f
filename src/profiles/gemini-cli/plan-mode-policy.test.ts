import { describe, expect, it } from "vitest";
import { filterGeminiIgnored, geminiIgnorePatterns } from "./files/gemini-ignore-filter.js";
import { planModeDecision } from "./plan-mode-policy.js";
import { nextTopicState } from "./update-topic/format-update-topic.js";

describe("gemini-cli session rules (docs/spec/gemini-cli-0.61.0.md §16)", () => {
  it("§16.1: plan mode's registry and policy", () => {
    expect(planModeDecision("read_file", { file_path: "a" })).toEqual({ kind: "allow" });
    expect(planModeDecision("run_shell_command", { command: "x" })).toEqual({ kind: "not-found" });
    expect(planModeDecision("enter_plan_mode", {})).toEqual({ kind: "not-found" });
    expect(planModeDecision("write_file", { file_path: "b.txt", content: "" }).kind).toBe("deny");
    expect(planModeDecision("replace", { file_path: "plan.md" }).kind).toBe("unmodelled");
    expect(planModeDecision("invoke_agent", { agent_name: "codebase_investigator", prompt: "x" })).toEqual({ kind: "allow" });
    expect(planModeDecision("invoke_agent", { agent_name: "generalist", prompt: "x" }).kind).toBe("deny");
  });

  it("§16.2: the active topic and intent are replaced only by non-blank values, trimmed, line breaks made spaces", () => {
    expect(nextTopicState({}, "  Build\nphase ", "")).toEqual({ topic: "Build phase" });
    expect(nextTopicState({ topic: "A", intent: "i" }, "", "  next  ")).toEqual({ topic: "A", intent: "next" });
  });

  it("§4.1: .geminiignore lines and the ignore package's matching (case-insensitive, parents, dir-only patterns need a trailing slash)", () => {
    const patterns = geminiIgnorePatterns("# comment\r\nsecret.txt\n\n  build/  \rlogs/*.log\n");
    expect(patterns).toEqual(["secret.txt", "build/", "logs/*.log"]);
    expect(filterGeminiIgnored(["SECRET.TXT", "build", "build/out.js", "logs/a.log", "a.txt"], patterns, true)).toEqual({ kept: ["build", "a.txt"], ignoredCount: 3 });
    expect(filterGeminiIgnored(["secret.txt"], patterns, false)).toEqual({ kept: ["secret.txt"], ignoredCount: 0 });
  });
});
