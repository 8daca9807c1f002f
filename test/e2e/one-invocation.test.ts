import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { makeTempDir, repoRoot, runCli } from "./run-cli.js";

/**
 * issue 31, "one way to run correx": in a clone or a project that installed it, `correx` is not
 * on PATH and `npx correx` is. Every command a reader may type — README lines, the CI recipes,
 * the hints correx prints, the HTML report's "reproduce" line — says `npx correx`.
 */
const subcommands = "golden (?:review|update|prune)|golden|check|validate|format|lower|adapter|serve|gate|help|profiles|mcp-server|preview|merge-reports";
// `correx <subcommand>` not preceded by `npx ` (nor by `by `: the `reviewed:` records "accepted by correx golden review"), and not a message prefix (`correx gate: bash-echo × …`); `correx --version` too.
const bare = new RegExp(`(?<![\\w/.'-])(?<!npx )(?<!by )correx (?:(?:${subcommands})\\b(?!:)|--)`, "g");

/**
 * What a reader would type bare in a Markdown text: in a fenced block, its command lines (`$ …`
 * and their continuations) when it shows a session, else every line (a synopsis, a script); in
 * prose, an inline code span that gives a command with arguments (`correx golden review --root x`;
 * a bare name such as `correx check` is a name, not a command line).
 */
export function bareInvocations(markdown: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const lines = markdown.split("\n");
  // prose is read a paragraph at a time: a code span may wrap onto the next line (`correx\n  check …`)
  let paragraph: string[] = [];
  const flush = (first: number) => {
    const text = paragraph.join("\n");
    for (const span of text.matchAll(/`([^`]+)`/g)) {
      const spanText = span[1]!.replace(/\s+/g, " ").trim();
      const name = new RegExp(`^correx (?:${subcommands})$`).test(spanText);
      if (!name && spanText.match(bare)) found.push({ line: first + 1 + text.slice(0, span.index).split("\n").length - 1, text: spanText });
    }
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    if (/^\s*```/.test(lines[index]!)) {
      let end = index + 1;
      while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) end++;
      const body = lines.slice(index + 1, end);
      const session = body.some((line) => line.trimStart().startsWith("$ "));
      let continued = false;
      body.forEach((line, at) => {
        const isCommand = !session || line.trimStart().startsWith("$ ") || continued;
        continued = isCommand && line.endsWith("\\");
        if (isCommand && line.match(bare)) found.push({ line: index + 2 + at, text: line.trim() });
      });
      index = end;
      continue;
    }
    paragraph.push(lines[index]!);
    if (lines[index]!.trim() === "" || index + 1 === lines.length || /^\s*```/.test(lines[index + 1]!)) flush(index + 1 - paragraph.length);
  }
  return found;
}

const markdownFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === "node_modules" ? [] : entry.isDirectory() ? markdownFiles(join(dir, entry.name)) : entry.name.endsWith(".md") ? [join(dir, entry.name)] : [],
  );

describe("one way to run correx: npx correx (issue 31)", () => {
  it("the scan finds what a reader would type bare, and leaves names, messages and records alone", () => {
    const sample = [
      "`correx check` and `correx golden review` are names; type `correx golden review --root x` to review.",
      "```console",
      "$ correx check --tag x",
      "correx gate: bash-echo × openai-chat: 1/1 tool results conform",
      "output that names correx check in passing",
      '+reviewed: "…; accepted by correx golden review (subject: reference)"',
      '$ npx correx check --subject "cmd:npx correx adapter"',
      "$ printf x | \\",
      "    correx adapter",
      "```",
      "```",
      "correx validate [--as KIND] FILE...",
      "correx preview --tool FILE --result FILE",
      "```",
      "the command that reproduces it (`correx",
      "  check … --case <id>`), and `npx correx",
      "  check` wrapped.",
    ].join("\n");
    expect(bareInvocations(sample)).toEqual([
      { line: 1, text: "correx golden review --root x" },
      { line: 3, text: "$ correx check --tag x" },
      { line: 9, text: "correx adapter" },
      { line: 12, text: "correx validate [--as KIND] FILE..." },
      { line: 13, text: "correx preview --tool FILE --result FILE" },
      { line: 15, text: "correx check … --case <id>" },
    ]);
  });

  it("README.md, CONTRIBUTING.md and every Markdown file under examples/ say npx correx (docs/decisions and docs/reviews are dated records)", () => {
    const files = [join(repoRoot, "README.md"), join(repoRoot, "CONTRIBUTING.md"), ...markdownFiles(join(repoRoot, "examples"))];
    const bad = files.flatMap((file) => bareInvocations(readFileSync(file, "utf8")).map((hit) => `${relative(repoRoot, file)}:${hit.line}: ${hit.text}`));
    expect(bad).toEqual([]);
  });

  it("the CI recipes run npx correx", () => {
    for (const file of ["examples/ci/github-actions.yml", "examples/ci/generic-junit.sh"]) {
      const text = readFileSync(join(repoRoot, file), "utf8");
      expect(text.match(bare), file).toBeNull();
      expect(text, file).toMatch(/npx (?:--no-install )?correx/);
    }
  });

  it("the hints correx prints: the review command after a pending golden, the top-level help, the HTML report's reproduce line", () => {
    const id = "opencode-cli/bash/no-output";
    const root = makeCorpus([id]);
    const golden = join(root, "golden", `${id}.yaml`);
    writeFileSync(golden, readFileSync(golden, "utf8").replace('output: "(no output)"', 'output: "(no output) "'));
    const report = join(makeTempDir("correx-invocation-report-"), "html");
    const run = runCli(["check", "--root", root, "--reporter", "pretty", "--reporter", `html=${report}`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`1 pending golden to review (npx correx golden review --root ${root})`);
    expect(run.stdout.match(bare)).toBeNull();
    const casePage = readdirSync(report, { recursive: true, encoding: "utf8" }).find((file) => file.endsWith(".html") && file.includes("no-output"));
    expect(readFileSync(join(report, casePage!), "utf8")).toContain(`npx correx check --root ${root} --case ${id}`);
    const help = runCli(["--help"]).stdout;
    expect(help).toContain("Run it as 'npx correx …'");
    for (const command of ["check", "gate", "golden update", "lower", "validate"])
      expect(
        runCli([...command.split(" "), "--help"])
          .stdout.replace(/^usage: correx /, "")
          .match(bare),
        command,
      ).toBeNull();
  });
});
