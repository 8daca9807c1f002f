import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { listProfiles } from "../src/profiles/profile-registry.js";

const src = join(import.meta.dirname, "..", "src");
const ids = listProfiles().map((profile) => profile.id);

/**
 * Folders that may name profiles though they belong to no one agent, each with its reason. The
 * registry is the one place that lists them all.
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  "profiles/profile-registry.ts": "the registry: the one list of the shipped profiles",
  "differential/": "the seeded generator writes scenarios for the two opencode runtimes only (the differential campaign against opencode's binary)",
};

/** Every source file of src/ except generated code and tests, as paths relative to src/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.includes(".test-") ? [relative(src, path)] : [];
  });
}

/** A profile id as a string literal (quoted or a template's text), in `text`. */
function literalIds(text: string): string[] {
  return ids.filter((id) => new RegExp(`["'\`]${id}["'\`]`).test(text));
}

/** The profile ids a file names outside the folders of that profile (`profiles/<id>/`, `lower/<id>/`) and the exceptions. */
function strayIds(files: readonly { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) => {
    if (Object.keys(EXCEPTIONS).some((allowed) => path === allowed || (allowed.endsWith("/") && path.startsWith(allowed)))) return [];
    return (
      literalIds(text)
        // profiles/opencode-shared/ is the part the two opencode runtimes share: it may name them.
        .filter((id) => !path.startsWith(`profiles/${id}/`) && !path.startsWith(`lower/${id}/`) && !(path.startsWith("profiles/opencode-shared/") && id.startsWith("opencode-")))
        .map((id) => `${path}: names profile "${id}"`)
    );
  });
}

describe("no profile id outside its own folders and the registry (the house dispatches through the registry)", () => {
  const files = sourceFiles(src).map((path) => ({ path, text: readFileSync(join(src, path), "utf8") }));

  it("reads the source tree and knows the five shipped profiles", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(ids).toEqual(["opencode-core", "opencode-cli", "codex-cli", "gemini-cli", "claude-code"]);
  });

  it("gate/, fake/, scenario/, loop/, adapter/, cli/ and the rest name no profile", () => {
    expect(strayIds(files)).toEqual([]);
  });

  it("catches a planted violation: a dispatch on an id in gate/, and one agent's id in another's folder", () => {
    const planted = [
      ...files,
      { path: "gate/gate-expected.ts", text: 'if (options.profile.id === "codex-cli") return lowerCodex(options);' },
      { path: "profiles/gemini-cli/gemini-cli-profile.ts", text: "const other = `claude-code`;" },
      { path: "lower/codex-cli/lower-codex-cli.ts", text: 'const self = "codex-cli";' },
    ];
    expect(strayIds(planted)).toEqual(['gate/gate-expected.ts: names profile "codex-cli"', 'profiles/gemini-cli/gemini-cli-profile.ts: names profile "claude-code"']);
  });
});
