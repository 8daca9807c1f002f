import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { makeTempDir, repoRoot } from "./run-cli.js";

/** One command of a README ```console block: what is typed after `$ ` (continuation lines joined) and the output shown under it. */
interface ConsoleCommand {
  line: number;
  command: string;
  expected: string;
}

/** A ```console block of the README, with the reason it is not run when an HTML comment `<!-- readme-test: skip (why) -->` precedes it. */
interface ConsoleBlock {
  line: number;
  commands: ConsoleCommand[];
  skip?: string;
}

/** Every ```console block of a Markdown text (indented blocks in lists too). */
export function consoleBlocks(markdown: string): ConsoleBlock[] {
  const lines = markdown.split("\n");
  const blocks: ConsoleBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)```console\s*$/.exec(lines[index]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const previous = lines.slice(Math.max(0, index - 3), index).join("\n");
    const skip = /<!-- readme-test: skip \(([^)]*)\) -->/.exec(previous)?.[1];
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) body.push(lines[end++]!.slice(indent));
    const commands: ConsoleCommand[] = [];
    for (let at = 0; at < body.length; at++) {
      if (!body[at]!.startsWith("$ ")) continue;
      let command = body[at]!.slice(2);
      const line = index + 2 + at;
      while (command.endsWith("\\") && at + 1 < body.length) command = `${command}\n${body[++at]}`;
      const output: string[] = [];
      while (at + 1 < body.length && !body[at + 1]!.startsWith("$ ")) output.push(body[++at]!);
      while (output.length > 0 && output.at(-1) === "") output.pop();
      commands.push({ line, command, expected: output.join("\n") });
    }
    blocks.push({ line: index + 1, commands, ...(skip === undefined ? {} : { skip }) });
    index = end;
  }
  return blocks;
}

/** What may differ between the README and a run: timings and temp paths. */
export function normalize(text: string): string {
  return text
    .replace(/\d+(?:\.\d+)? ?(?:ms|s)\b/g, "<time>")
    .replace(/\/tmp\/[^\s'"`),:]*/g, "<tmp>")
    .replace(/\n+$/, "");
}

/** Whether `actual` is `expected`, where a line holding only `…` stands for any lines and `…` in a line for any text. */
export function matchesShown(expected: string, actual: string): boolean {
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = expected
    .split("\n")
    .map((line) => (line === "…" ? "(?:[^\\n]*\\n)*?[^\\n]*" : line.split("…").map(escapeRegExp).join("[^\\n]*?")))
    .join("\n");
  return new RegExp(`^${pattern}$`).test(actual);
}

const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
const blocks = consoleBlocks(readme);

// Commands run as typed: `npx correx …` (test/e2e/one-invocation.test.ts keeps the README to it), with
// no `correx` on PATH, as in a fresh clone.
const scratch = makeTempDir("correx-readme-");
mkdirSync(scratch, { recursive: true });

describe("every console block of the README runs as typed, from the repository root", () => {
  it("finds the blocks, and skips only the few marked with a reason and the test that covers them", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    const skipped = blocks.filter((block) => block.skip !== undefined);
    // a skipped block says why, and names the test that runs what it shows instead (a real binary, a long run)
    for (const block of skipped) expect(block.skip!, `README.md:${block.line}`).toMatch(/\btest\/\S+\.test\.ts\b/);
    // seven: the real-binary runs of codex (1), gemini (2), claude (3: its two tool sections and agent.user) and the slow-adapter runs
    expect(skipped.length).toBeLessThanOrEqual(7);
  });

  for (const block of blocks) {
    const title = `README.md:${block.line}: ${block.commands
      .map((command) => command.command.split("\n")[0])
      .join(" ; ")
      .slice(0, 120)}`;
    it.skipIf(block.skip !== undefined)(
      title,
      () => {
        for (const { line, command, expected } of block.commands) {
          // stdout and stderr as a terminal shows them: one stream, in the order written. CI=true: no
          // command shown in the README may write a pending golden into this repository's corpus.
          const merged = spawnSync("sh", ["-c", `exec 2>&1\n${command}\n`], {
            cwd: repoRoot,
            encoding: "utf8",
            env: { ...process.env, CI: "true", GITHUB_ACTIONS: undefined, FORCE_COLOR: undefined, NO_COLOR: undefined, TMPDIR: scratch },
            stdio: ["ignore", "pipe", "pipe"],
            maxBuffer: 64 * 1024 * 1024,
          });
          const actual = normalize(merged.stdout);
          const shown = normalize(expected);
          expect(matchesShown(shown, actual), `README.md:${line}: $ ${command}\n--- shown\n${shown}\n--- actual\n${actual}`).toBe(true);
        }
      },
      300_000,
    );
  }
});

/** Files under a folder whose name ends with `suffix`, at any depth. */
const filesUnder = (dir: string, suffix: string): string[] => (readdirSync(join(repoRoot, dir), { recursive: true, encoding: "utf8" }) as string[]).filter((file) => file.endsWith(suffix));

describe("the figures the README's prose states are the repository's (issue 31: 593 vs 674 cases)", () => {
  it("the corpus size in the introduction is the number of goldens", () => {
    const stated = /`golden\/`: ([\d,]+) cases/.exec(readme)?.[1];
    expect(stated).toBeDefined();
    expect(Number(stated!.replace(/,/g, ""))).toBe(filesUnder("golden", ".yaml").length);
    expect(filesUnder("fixtures/cases", ".yaml").length).toBe(filesUnder("golden", ".yaml").length);
  });

  it("every whole-corpus `npx correx check` the README shows, skipped blocks included, runs every golden (the newcomer trial: 674 in a skipped block)", () => {
    const goldens = filesUnder("golden", ".yaml").length;
    // a run of the whole bundled corpus: no selection, no other --root
    const whole = (command: string) => /^npx correx check\b/.test(command) && !/--(?:case|profile|protocol|stage|tag|shard|root|bail)\b/.test(command);
    const shown = blocks.flatMap((block) =>
      block.commands
        .filter((command) => whole(command.command))
        .flatMap((command) => [...command.expected.matchAll(/^(\d+) cases: /gm)].map((match) => ({ line: command.line, count: Number(match[1]) }))),
    );
    expect(shown.length).toBeGreaterThanOrEqual(3);
    for (const { line, count } of shown) expect(count, `README.md:${line}`).toBe(goldens);
    for (const [text, count] of readme.matchAll(/Real runs\s+\((\d+) cases\)/g)) expect(Number(count), text).toBe(goldens);
  });

  it("each `npx correx check --profile P` runs its N goldens", () => {
    const stated = [...readme.matchAll(/`npx correx check --profile ([\w-]+)` runs its (\d+) goldens/g)];
    expect(stated.length).toBeGreaterThanOrEqual(2);
    for (const [, profile, count] of stated) expect(filesUnder(`golden/${profile}`, ".yaml").length, profile).toBe(Number(count));
  });

  it("each real-binary suite runs the N scenarios the README says, with M tool results", () => {
    const stated = [...readme.matchAll(/runs (\d+) `(?:fixtures\/scenarios\/)?([\w]+)-\*(?:\.yaml)?`(?: scenarios)? \((\d+) tool results/g)];
    expect(stated.map((match) => match[2])).toEqual(["codex", "gemini", "claude"]);
    for (const [, count, prefix, results] of stated) {
      const files = readdirSync(join(repoRoot, "fixtures/scenarios")).filter((file) => file.startsWith(`${prefix}-`) && !file.startsWith(`${prefix}-mcp-`) && file.endsWith(".yaml"));
      // the scenarios the suite names (gemini, claude), or every file of the agent's prefix but its MCP ones (codex)
      const suite = readFileSync(join(repoRoot, `test/e2e/gate-${prefix}.test.ts`), "utf8");
      const named = [...new Set([...suite.matchAll(new RegExp(`"(${prefix}-[a-z0-9-]+)"`, "g"))].map((match) => `${match[1]}.yaml`))].filter((file) => files.includes(file));
      const run = named.length > 0 ? named : files;
      expect(run.length, prefix).toBe(Number(count));
      const calls = run
        .map((file) => parse(readFileSync(join(repoRoot, "fixtures/scenarios", file), "utf8")) as { turns: { calls?: unknown[] }[] })
        .reduce((sum, scenario) => sum + scenario.turns.reduce((turns, turn) => turns + (turn.calls?.length ?? 0), 0), 0);
      expect(calls, prefix).toBe(Number(results));
    }
  });
});

describe("the README's example scenarios are the files in examples/scenarios/ (issue 31)", () => {
  const copies = [...readme.matchAll(/```yaml\n# (examples\/scenarios\/[\w-]+\.yaml)\n([\s\S]*?)```\n/g)];
  it("one per agent", () => {
    expect(copies.map((copy) => copy[1])).toEqual(["opencode-cli", "opencode-core", "codex-cli", "gemini-cli", "claude-code"].map((agent) => `examples/scenarios/${agent}.yaml`));
  });
  for (const [, file, body] of copies) {
    it(`${file} is shown as it is`, () => expect(body).toBe(readFileSync(join(repoRoot, file!), "utf8")));
  }
});
