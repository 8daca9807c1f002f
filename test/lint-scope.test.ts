import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const biome = join(root, "node_modules", ".bin", "biome");

/** How many files Biome would format under these paths (its json reporter's changed + unchanged). */
function formattedFiles(paths: string[]): number {
  const run = spawnSync(biome, ["format", "--reporter=json", ...paths], { cwd: root, encoding: "utf8" });
  const line = run.stdout.split("\n").find((text) => text.startsWith("{"));
  if (line === undefined) throw new Error(`biome printed no json report: ${run.stdout}${run.stderr}`);
  const { summary } = JSON.parse(line) as { summary: { changed: number; unchanged: number } };
  return summary.changed + summary.unchanged;
}

// docs/decisions/lint-format.md: byte-exact data is outside the formatter's reach.
describe("Biome never touches goldens, fixtures, schemas, generated code or docs", () => {
  it("processes none of their files", () => {
    expect(formattedFiles(["golden", "fixtures", "schemas", "src/generated", "docs"])).toBe(0);
  });
  it("does process the code (the check is not vacuous)", () => {
    expect(formattedFiles(["src/text", "test/layers.test.ts"])).toBeGreaterThan(3);
  });
});
