import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

/**
 * issue 31: every `§N.M` the bundled corpus and scenarios cite can be read by a user. Each
 * citation must name a heading of its agent's spec in docs/spec/; the bundled cases and scenarios
 * must cite one (a user's scenario may leave `spec:` out: schemas/scenario.json makes it optional).
 */
const repoRoot = new URL("../", import.meta.url).pathname;
const specOf: Record<string, string> = {
  "opencode-cli": "docs/spec/opencode-1.18.33.md",
  "opencode-core": "docs/spec/opencode-1.18.33.md",
  "codex-cli": "docs/spec/codex-cli-0.171.0.md",
  "gemini-cli": "docs/spec/gemini-cli-0.61.0.md",
  "claude-code": "docs/spec/claude-code-2.1.332.md",
};

/** The section numbers a spec file's headings define: `## 2. Title` → 2, `### 2.1b bash` → 2.1b. */
export function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const match of markdown.matchAll(/^#{2,4} (\d+(?:\.\d+)*[a-z]?)\.? /gm)) sections.add(match[1]!);
  return sections;
}

/** The sections a `spec:` text cites: every `§N`, `§N.M` or `§N.Mb` in it. */
export const citationsOf = (spec: string): string[] => [...spec.matchAll(/§\s?(\d+(?:\.\d+)*[a-z]?)/g)].map((match) => match[1]!);

const yamlFiles = (dir: string): string[] => (readdirSync(join(repoRoot, dir), { recursive: true, encoding: "utf8" }) as string[]).filter((file) => file.endsWith(".yaml"));
const sections = Object.fromEntries(Object.entries(specOf).map(([profile, file]) => [profile, sectionsOf(readFileSync(join(repoRoot, file), "utf8"))]));

describe("spec citations resolve to docs/spec/ (issue 31)", () => {
  it("reads headings and citations as written", () => {
    expect([...sectionsOf("## 0. Sources\n### 2.1b bash — v2\n#### 4.5 Loop\n## 12. Tool set — [observed]\n")]).toEqual(["0", "2.1b", "4.5", "12"]);
    expect(citationsOf("§1.2 (settle, defects), §2.6 (v2), §4.1–4.2")).toEqual(["1.2", "2.6", "4.1"]);
  });

  it("opencode's spec is the project's own document, with every section the corpus cites", () => {
    expect(sections["opencode-cli"]!.size).toBeGreaterThanOrEqual(35);
  });

  it("every case of fixtures/cases cites sections of its profile's spec, and each exists", () => {
    const missing: string[] = [];
    const files = yamlFiles("fixtures/cases");
    expect(files.length).toBeGreaterThan(600);
    for (const file of files) {
      const profile = file.split("/")[0]!;
      const spec = (parse(readFileSync(join(repoRoot, "fixtures/cases", file), "utf8")) as { spec?: string }).spec ?? "";
      const cited = citationsOf(spec);
      if (cited.length === 0) missing.push(`fixtures/cases/${file}: no § citation in spec: ${JSON.stringify(spec)}`);
      for (const section of cited) if (!sections[profile]?.has(section)) missing.push(`fixtures/cases/${file}: §${section} is not a heading of ${specOf[profile]}`);
    }
    expect(missing).toEqual([]);
  });

  it("every bundled scenario cites sections of its agent's spec (by argumentStyle), and each exists", () => {
    const missing: string[] = [];
    const files = yamlFiles("fixtures/scenarios");
    expect(files.length).toBeGreaterThan(90);
    for (const file of files) {
      const scenario = parse(readFileSync(join(repoRoot, "fixtures/scenarios", file), "utf8")) as { spec?: string; argumentStyle?: string };
      const profile = scenario.argumentStyle ?? "opencode-cli";
      const cited = citationsOf(scenario.spec ?? "");
      if (!scenario.spec?.startsWith("§") || cited.length === 0) missing.push(`fixtures/scenarios/${file}: spec: must start with a § citation, found ${JSON.stringify(scenario.spec)}`);
      for (const section of cited) if (!sections[profile]?.has(section)) missing.push(`fixtures/scenarios/${file}: §${section} is not a heading of ${specOf[profile]}`);
    }
    expect(missing).toEqual([]);
  });
});
