import { describe, expect, it } from "vitest";
import { findProfile } from "../profiles/profile-registry.js";
import { compareVersions, gateVersionWarning } from "./gate-version-warning.js";

// User-Agent headers the released binaries sent to the fake (captured December 2026 for issue 25).
const captured: Record<string, string> = {
  "opencode-cli": "opencode/1.18.33 ai-sdk/provider-utils/4.0.23 runtime/bun/1.3.14",
  "opencode-core": "opencode/1.18.33",
  "codex-cli": "codex_exec/0.171.0 (Debian 12.0.0; x86_64) unknown (codex_exec; 0.171.0)",
  "gemini-cli": "GeminiCLI-tui/0.61.0/gemini-2.5-pro (linux; x64; terminal)",
  "claude-code": "claude-cli/2.1.332 (external, sdk-cli)",
};

describe("gateVersionWarning (Profile.versions, Profile.agentVersion)", () => {
  for (const [id, userAgent] of Object.entries(captured)) {
    it(`${id}: reads its pinned version from the captured User-Agent, and warns for nothing inside the range`, () => {
      const profile = findProfile(id)!;
      expect(profile.agentVersion?.({ "user-agent": userAgent })).toBe(profile.version);
      expect(gateVersionWarning(profile, { "user-agent": userAgent })).toBeNull();
    });
  }

  it("warns outside the range, naming the version, the profile and the range", () => {
    const codex = findProfile("codex-cli")!;
    expect(gateVersionWarning(codex, { "user-agent": "codex_exec/0.172.0 (Debian 12.0.0; x86_64) unknown (codex_exec; 0.172.0)" })).toBe(
      "the agent reports version 0.172.0 (its User-Agent), outside the versions profile codex-cli is verified against (0.168.0 to 0.171.0); a difference may be a change in the agent, not a fault",
    );
    expect(gateVersionWarning(codex, { "user-agent": "codex_exec/0.168.0 (Debian 12.0.0; x86_64) unknown (codex_exec; 0.168.0)" })).toBeNull();
    expect(gateVersionWarning(codex, { "user-agent": "codex_exec/0.167.2 (Debian 12.0.0; x86_64) unknown (codex_exec; 0.167.2)" })).toContain("version 0.167.2");
    const gemini = findProfile("gemini-cli")!;
    expect(gateVersionWarning(gemini, { "user-agent": "GeminiCLI-tui/0.59.0/gemini-2.5-pro (linux; x64; terminal)" })).toBeNull();
    expect(gateVersionWarning(gemini, { "user-agent": "GeminiCLI-tui/0.58.0/gemini-2.5-pro (linux; x64; terminal)" })).toContain(
      "version 0.58.0 (its User-Agent), outside the versions profile gemini-cli is verified against (0.59.0 to 0.61.0)",
    );
    expect(gateVersionWarning(gemini, { "user-agent": "GeminiCLI-tui/0.62.0/gemini-2.5-pro (linux; x64; terminal)" })).toContain("(0.59.0 to 0.61.0)");
    const cli = findProfile("opencode-cli")!;
    expect(gateVersionWarning(cli, { "user-agent": "opencode/1.18.20" })).toBeNull();
    expect(gateVersionWarning(cli, { "user-agent": "opencode/1.18.19" })).toContain("(1.18.20 to 1.18.33)");
  });

  it("says nothing when the headers name no version (another client, no User-Agent)", () => {
    expect(gateVersionWarning(findProfile("claude-code")!, {})).toBeNull();
    expect(gateVersionWarning(findProfile("claude-code")!, { "user-agent": "node-fetch" })).toBeNull();
  });

  it("compares numerically, part by part", () => {
    expect(compareVersions("1.18.9", "1.18.20")).toBeLessThan(0);
    expect(compareVersions("2.1.332", "2.1.332")).toBe(0);
    expect(compareVersions("0.61.1", "0.60.9")).toBeGreaterThan(0);
  });
});
