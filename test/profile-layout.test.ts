import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listProfiles } from "../src/profiles/profile-registry.js";

const profilesDir = join(import.meta.dirname, "..", "src", "profiles");

/** The tools each profile declares, by the agent's own names (Profile.tools: modelled or unsupported). */
const declared: Record<string, readonly string[]> = Object.fromEntries(listProfiles().map((profile) => [profile.id, profile.tools.map((tool) => tool.name)]));

/** README "Inside a profile": the stages every tool shares, and the families one file serves. */
const STAGES = ["truncate", "result"];
const FAMILIES = ["files", "mcp"];

const kebab = (tool: string) => tool.toLowerCase().replaceAll("_", "-");
const toolFolders = (agent: string) => new Set(declared[agent]!.map(kebab));

/** Folders of a profile that are neither a declared tool, nor a stage, nor a family. */
function strayFolders(agent: string, folders: readonly string[]): string[] {
  const tools = toolFolders(agent);
  return folders.filter((folder) => !tools.has(folder) && !STAGES.includes(folder) && !FAMILIES.includes(folder));
}

/** Files at a profile's top that are one tool's runner or formatter (or their tests). */
function misplacedFiles(agent: string, files: readonly string[]): string[] {
  const tools = [...toolFolders(agent)];
  return files.filter((file) => {
    const name = file.replace(/\.test\.ts$|\.ts$/, "");
    return tools.some((tool) => [`format-${tool}`, `run-${tool}`, `core-format-${tool}`].includes(name));
  });
}

describe("inside a profile (README 'Inside a profile', CONTRIBUTING 'Add a tool to a profile')", () => {
  const agents = readdirSync(profilesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "opencode-shared")
    .map((entry) => entry.name);

  it("knows every agent profile", () => {
    expect(agents.sort()).toEqual(Object.keys(declared).sort());
  });

  for (const agent of agents) {
    describe(agent, () => {
      const entries = readdirSync(join(profilesDir, agent), { withFileTypes: true });

      it(`starts at ${agent}-profile.ts, at the top of the folder`, () => {
        expect(entries.some((entry) => entry.isFile() && entry.name === `${agent}-profile.ts`)).toBe(true);
      });

      it("has one folder per declared tool, stage or family, and no other", () => {
        const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
        expect(folders.length).toBeGreaterThan(0);
        expect(strayFolders(agent, folders)).toEqual([]);
      });

      it("keeps no tool's own runner or formatter at the top (it belongs in the tool's folder)", () => {
        expect(
          misplacedFiles(
            agent,
            entries.filter((entry) => entry.isFile()).map((entry) => entry.name),
          ),
        ).toEqual([]);
      });
    });
  }

  it("the checks are not vacuous: an unknown folder and a tool's formatter at the top are caught", () => {
    expect(strayFolders("opencode-cli", ["bash", "apply-patch", "truncate", "files", "utils"])).toEqual(["utils"]);
    expect(strayFolders("gemini-cli", ["run-shell-command", "bash"])).toEqual(["bash"]);
    expect(misplacedFiles("opencode-cli", ["opencode-cli-profile.ts", "format-bash.ts", "format-tool-result.ts", "format-read.test.ts"])).toEqual(["format-bash.ts", "format-read.test.ts"]);
    expect(misplacedFiles("opencode-core", ["core-format-edit.ts", "core-input-check.ts"])).toEqual(["core-format-edit.ts"]);
  });
});
