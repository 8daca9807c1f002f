import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { opencodeCliScenarios, opencodeCoreScenarios } from "./e2e/opencode-suite-lists.js";
import { repoRoot } from "./e2e/run-cli.js";

/**
 * issue 30, Done-when 1: the opencode end-to-end suites cover each category on all four protocols.
 * A category is a scenario tag; a cell (runtime × protocol × category) is covered when a scenario
 * of that suite's list for that protocol carries the tag. A cell no list covers must be named
 * below with its reason, and a named cell that gains coverage fails too (drop it from the list).
 */
const CATEGORIES = [
  ["permission", "permission asks, configured permission rules"],
  ["subagent", "subagents, the `task` tool"],
  ["symlink", "reads through symlinks"],
  ["webfetch-limits", "webfetch failures and size limits"],
  ["bash-timeout-partial", "bash timeout after partial output"],
  ["workdir", "bash workdir edge cases"],
  ["trailing-slash", "paths written with a trailing slash"],
  ["instructions", "instruction files below the root"],
  ["images", "images (sent as-is or dropped)"],
  ["modalities", "PDFs vs the model's declared modalities"],
  ["provider-fault", "rate limit / 500, retried"],
  ["mcp", "MCP tools from the agent's config"],
] as const;

type Category = (typeof CATEGORIES)[number][0];
const PROTOCOLS = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"] as const;
type Protocol = (typeof PROTOCOLS)[number];
const RUNTIMES = { "opencode-cli": opencodeCliScenarios, "opencode-core": opencodeCoreScenarios } as const;
type Runtime = keyof typeof RUNTIMES;

const NO_GOOGLE_V2 = 'impossible: opencode 1.18.33\'s v2 runner has no Google provider (its model builder refuses @ai-sdk/google; docs/decisions/gate-v2-runner.md "No Google provider")';

/** Cells the suites do not cover, each with why. Keys `runtime protocol category`, `*` for every category. */
const UNCOVERED: Record<string, string> = {
  "opencode-core google-gemini *": NO_GOOGLE_V2,
};

const tagsOf = (name: string): string[] => (parse(readFileSync(`${repoRoot}/fixtures/scenarios/${name}.yaml`, "utf8")) as { tags?: string[] }).tags ?? [];

/** What covers each cell: the scenarios carrying the tag, or the reason none does. */
function matrix(): { runtime: Runtime; protocol: Protocol; category: Category; covering: string[]; reason: string | undefined }[] {
  const cells = [];
  for (const [runtime, lists] of Object.entries(RUNTIMES) as [Runtime, Partial<Record<Protocol, readonly string[]>>][]) {
    for (const protocol of PROTOCOLS) {
      const names = lists[protocol] ?? [];
      for (const [category] of CATEGORIES) {
        const covering = names.filter((name) => tagsOf(name).includes(category));
        const reason = UNCOVERED[`${runtime} ${protocol} ${category}`] ?? UNCOVERED[`${runtime} ${protocol} *`];
        cells.push({ runtime, protocol, category, covering, reason });
      }
    }
  }
  return cells;
}

/** README "Coverage by category and protocol": ✓ covered, – not, one row per category. */
function renderTable(): string {
  const cells = matrix();
  const columns = (Object.keys(RUNTIMES) as Runtime[]).flatMap((runtime) => PROTOCOLS.map((protocol) => ({ runtime, protocol })));
  const header = `| category | ${columns.map(({ runtime, protocol }) => `${runtime === "opencode-cli" ? "v1" : "v2"} ${protocol}`).join(" | ")} |`;
  const rule = `|---|${columns.map(() => ":-:").join("|")}|`;
  const rows = CATEGORIES.map(([category, label]) => {
    const marks = columns.map(({ runtime, protocol }) => {
      const cell = cells.find((c) => c.runtime === runtime && c.protocol === protocol && c.category === category)!;
      return cell.covering.length > 0 ? "✓" : runtime === "opencode-core" && protocol === "google-gemini" ? "✗" : "–";
    });
    return `| ${label} (\`${category}\`) | ${marks.join(" | ")} |`;
  });
  return [header, rule, ...rows].join("\n");
}

describe("opencode end-to-end suites: issue 30's categories × protocols", () => {
  it("every cell is covered by a scenario of its suite's list, or named uncovered with its reason", () => {
    const missing = matrix().filter((cell) => cell.covering.length === 0 && cell.reason === undefined);
    expect(missing.map(({ runtime, protocol, category }) => `${runtime} ${protocol} ${category}`)).toEqual([]);
  });

  it("no cell named uncovered is covered (drop it from UNCOVERED)", () => {
    const stale = matrix().filter((cell) => cell.covering.length > 0 && cell.reason !== undefined);
    expect(stale.map(({ runtime, protocol, category, covering }) => `${runtime} ${protocol} ${category}: ${covering.join(", ")}`)).toEqual([]);
  });

  it("README's coverage table is this matrix", () => {
    const readme = readFileSync(`${repoRoot}/README.md`, "utf8");
    expect(readme, `README.md should hold:\n${renderTable()}`).toContain(renderTable());
  });
});
