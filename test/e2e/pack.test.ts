import { execFileSync, spawnSync } from "node:child_process";
import { type Dirent, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { makeTempDir, repoRoot } from "./run-cli.js";

const quietNpm = { npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...quietNpm } });
/** A shell command in the consumer project, as a user types it (CI and GitHub unset unless given). */
const sh = (command: string, cwd: string, env: Record<string, string | undefined> = {}) =>
  spawnSync("sh", ["-c", command], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...quietNpm, CI: undefined, GITHUB_ACTIONS: undefined, FORCE_COLOR: undefined, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
const summaryLine = (stdout: string) => stdout.trim().split("\n").at(-1) ?? "";

describe("the published package (issue 2 Done-when 4, issue 15 Done-when 1)", () => {
  const packDir = makeTempDir("correx-pack-");
  npm(["pack", "--ignore-scripts", "--pack-destination", packDir], repoRoot);
  const tarball = join(packDir, readdirSync(packDir).find((name) => name.endsWith(".tgz"))!);
  const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).trim().split("\n");
  /** Files under a folder of the repository, pending goldens (`*.new`) aside: the package ships the rest. */
  const corpusSize = (folder: string) =>
    (readdirSync(join(repoRoot, folder), { recursive: true, withFileTypes: true }) as Dirent[]).filter((entry) => entry.isFile() && !entry.name.endsWith(".new")).length;

  it("holds dist/, schemas/, the README, the corpus, the scenarios, the example agents and CI recipes, but no tests or sources", () => {
    expect(files).toContain("package/dist/cli/correx.js");
    // the bin, and the bundle it runs `validate` from (made by the build: scripts/bundle-cli.mjs)
    expect(files).toContain("package/dist/cli/correx.cjs");
    expect(files).toContain("package/dist/cli/bundle/correx-validate.cjs");
    expect(files).toContain("package/dist/index.js");
    expect(files).toContain("package/dist/index.d.ts");
    expect(files).toContain("package/schemas/envelope/tool-result-part.json");
    expect(files).toContain("package/README.md");
    expect(files).toContain("package/examples/agents/reference-agent.mjs");
    expect(files).toContain("package/examples/agents/opencode.json.template");
    expect(files).toContain("package/examples/ci/generic-junit.sh");
    expect(files).toContain("package/examples/ci/github-actions.yml");
    expect(files).toContain("package/examples/preview/report-result.json");
    // issue 31: the README says the package carries the example subjects, the example scenarios and the specs the corpus cites
    expect(files).toContain("package/examples/subjects/bash-module.mjs");
    expect(files).toContain("package/examples/subjects/bash-adapter.mjs");
    for (const agent of ["opencode-cli", "opencode-core", "codex-cli", "gemini-cli", "claude-code"]) expect(files).toContain(`package/examples/scenarios/${agent}.yaml`);
    for (const spec of ["opencode-1.18.33", "codex-cli-0.171.0", "gemini-cli-0.61.0", "claude-code-2.1.332"]) expect(files).toContain(`package/docs/spec/${spec}.md`);
    expect(files.filter((file) => file.startsWith("package/fixtures/cases/")).length).toBe(corpusSize("fixtures/cases"));
    expect(files.filter((file) => file.startsWith("package/golden/")).length).toBe(corpusSize("golden"));
    expect(files.filter((file) => file.startsWith("package/fixtures/scenarios/")).length).toBe(corpusSize("fixtures/scenarios"));
    expect(files.filter((file) => /^package\/(test|bench|scripts|fixtures\/captures)\//.test(file) || /\.test\.|\.test-d\.|\.new$/.test(file))).toEqual([]);
    expect(files.filter((file) => file.startsWith("package/src/"))).toEqual([]);
  });

  it("carries every file a README command names under examples/, fixtures/, golden/, schemas/ or docs/ (the newcomer trial: examples/readme/ was missing)", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const commands: string[] = [];
    let fenced = false;
    let continued = false;
    for (const line of readme.split("\n")) {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        continue;
      }
      if (!fenced || !(line.trimStart().startsWith("$ ") || continued)) continue;
      commands.push(line);
      continued = line.endsWith("\\");
    }
    // bench/ and test/ are the clone's (benchmarks and the test suite); a glob names files that exist when they are in the package
    const named = [...new Set(commands.flatMap((line) => [...line.matchAll(/(?<![\w./-])((?:examples|fixtures|golden|schemas|docs)\/[\w./*-]+)/g)].map((match) => match[1]!)))];
    expect(named.length).toBeGreaterThan(20);
    // a shell or correx glob (`fixtures/scenarios/gemini-unseen2-*.yaml`) must match at least one file of the package
    const globbed = (path: string) => new RegExp(`^package/${path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*")}$`);
    const missing = named.filter((path) =>
      path.includes("*") ? !files.some((file) => globbed(path).test(file)) : !files.includes(`package/${path}`) && !files.some((file) => file.startsWith(`package/${path.replace(/\/$/, "")}/`)),
    );
    expect(missing).toEqual([]);
  });

  const project = makeTempDir("correx-consumer-");
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", type: "module", private: true }));
  let installed = false;
  /** What npm printed to stderr while installing the tarball (its warnings). */
  let installWarnings = "";
  const install = () => {
    if (installed) return;
    // dependencies come from the npm cache that npm ci filled
    const run = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], { cwd: project, encoding: "utf8", env: { ...process.env, ...quietNpm } });
    if (run.status !== 0) throw new Error(`npm install failed (${run.status}): ${run.stderr}`);
    installWarnings = run.stderr;
    installed = true;
  };

  it("every package npm warns about for its install scripts is explained in the README, with npm's own lines (newcomer trial: the msw warning was a mystery)", () => {
    install();
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const warned = [...installWarnings.matchAll(/^npm warn install-scripts +(\S+)@\S+ \((\w+): /gm)].map((match) => `${match[1]}@ ${match[2]}`);
    for (const line of installWarnings.split("\n").filter((text) => /^npm warn install-scripts +\S+@/.test(text))) expect(readme, line).toContain(line);
    for (const entry of warned) {
      const [name, script] = entry.split("@ ") as [string, string];
      expect(readme, entry).toMatch(new RegExp(`${name}(?:'s)? \`${script}\``));
    }
  });

  it('installs into an empty project: npx correx validate works and `import … from "correx"` resolves with types', () => {
    install();
    writeFileSync(join(project, "part.json"), JSON.stringify({ type: "tool-result", id: "call_1", name: "bash", result: { type: "text", value: "hi" } }));
    const validate = spawnSync("npx", ["--no-install", "correx", "validate", "part.json"], { cwd: project, encoding: "utf8" });
    expect(validate.stdout).toBe("part.json: valid envelope/tool-result-part\n");
    expect(validate.status).toBe(0);

    writeFileSync(
      join(project, "use.ts"),
      [
        'import { loadValidator, lowerCore, type ToolResultPart, type ToolResultValue } from "correx";',
        'const part: ToolResultPart = { type: "tool-result", id: "c1", name: "bash", result: { type: "text", value: "hi" } };',
        "const value: ToolResultValue = part.result;",
        'const validate = await loadValidator("envelope/tool-result-part");',
        "const ok: boolean = validate(part);",
        'const { body } = lowerCore({ protocol: "openai-chat", messages: [{ role: "tool", content: [part] }] });',
        "export { value, ok, body };",
        "// @ts-expect-error a ToolResultValue has no such variant",
        'export const wrong: ToolResultValue = { type: "blob", value: 1 };',
        "",
      ].join("\n"),
    );
    const tsc = spawnSync(
      process.execPath,
      [
        join(repoRoot, "node_modules/typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        "--target",
        "es2022",
        "--types",
        "",
        "--skipLibCheck",
        "use.ts",
      ],
      { cwd: project, encoding: "utf8" },
    );
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", 'import { schemaKinds } from "correx"; console.log(schemaKinds.includes("envelope/tool-result-part"))'], {
      cwd: project,
      encoding: "utf8",
    });
    expect(run.stdout).toBe("true\n");
  }, 180_000);

  it("npx correx check runs the bundled corpus on the reference (exit 0)", () => {
    install();
    const check = sh("npx correx check", project);
    expect(check.stderr).toBe("");
    expect(summaryLine(check.stdout)).toMatch(
      new RegExp(
        `^${corpusSize("golden")} cases: ${corpusSize("golden")} passed, 0 failed, 0 xfail, 0 unsupported, 0 crashed, 0 timed out; ${corpusSize("golden")} of ${corpusSize("golden")} judged \\(100 %\\) in [\\d.]+ s \\(subject: reference\\)$`,
      ),
    );
    expect(check.status).toBe(0);
  }, 180_000);

  it("npx correx preview shows what each agent's model gets for an MCP result (issue 29, Done-when 2)", () => {
    install();
    const preview = sh(`printf '%s' '{"content":[{"type":"text","text":"hello"}]}' | npx correx preview --tool '{"name":"lookup"}' --result - --server docs`, project);
    expect(preview.stderr).toBe("");
    expect(preview.stdout).toContain("gemini-cli × google-gemini (gemini-2.5-pro): mcp_docs_lookup\n");
    expect(preview.stdout).toContain("claude-code × anthropic-messages (claude-opus-5-5): mcp__docs__lookup\n  text 5 B ≈ 2 tokens; no attachments\n  #0 text kept\n  | hello\n");
    expect(preview.status).toBe(0);
  }, 180_000);

  it("the README's preview of a text, an image and a 60 KB JSON blob, adapted only by path, prints every agent and writes html=DIR (issue 29, Done-when 2)", () => {
    install();
    const shipped = "node_modules/correx/examples/preview";
    const text = sh(`npx correx preview --tool ${shipped}/report-tool.json --result ${shipped}/report-result.json --server ci`, project);
    expect(text.stderr).toBe("");
    expect(text.status).toBe(0);
    for (const head of [
      "codex-cli × openai-responses (gpt-5.5): mcp__ci__report\n  text 48,020 B ≈ 12,005 tokens; attachments: image/png 70 B\n  #0 text kept, #1 image attached, #2 text truncated! (the first 23,962 and last 23,962 of 60,668 chars reach the model)\n",
      "gemini-cli × google-gemini (gemini-2.5-pro): mcp_ci_report\n",
      "opencode-cli × openai-chat (gpt-4.1): ci_report\n",
      "opencode-core × openai-chat (gpt-4.1): ci_report\n",
      "claude-code × anthropic-messages (claude-opus-5-5): mcp__ci__report\n",
    ]) {
      expect(text.stdout).toContain(head);
    }
    const html = sh(`npx correx preview --tool ${shipped}/report-tool.json --result ${shipped}/report-result.json --server ci --reporter html=preview-html`, project);
    expect(html.stderr).toBe("");
    expect(html.stdout).toMatch(
      /^correx preview: tool "report" of server "ci": 3 content items\ncorrex preview: wrote preview-html\/index\.html and 5 agent pages\ncorrex preview: \S+\/… \(where an agent says it saved a full output\) is removed when preview ends\n$/,
    );
    expect(html.status).toBe(0);
    expect(readdirSync(join(project, "preview-html")).sort()).toEqual([
      ".correx-report",
      "claude-code.html",
      "codex-cli.html",
      "gemini-cli.html",
      "index.html",
      "opencode-cli.html",
      "opencode-core.html",
    ]);
    expect(readFileSync(join(project, "preview-html/index.html"), "utf8")).toContain('<span class="flag">#2 text truncated');
  }, 180_000);

  it('npx correx check --subject "cmd:npx correx adapter" runs it through the adapter protocol (exit 0)', () => {
    install();
    const check = sh('npx correx check --subject "cmd:npx correx adapter"', project);
    expect(summaryLine(check.stdout)).toMatch(
      /^\d+ cases: \d+ passed, 0 failed, 0 xfail, 0 unsupported, 0 crashed, 0 timed out; \d+ of \d+ judged \(100 %\) in [\d.]+ s \(subject: cmd:npx correx adapter\)$/,
    );
    expect(check.status, check.stdout.slice(-2000) + check.stderr).toBe(0);
  }, 300_000);

  it("the README's gate example, adapted only by path, passes (exit 0)", () => {
    install();
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const example = /\$ (npx correx gate --profile opencode-cli --protocol anthropic-messages \\\n[^$]*?-- node examples\/agents\/reference-agent\.mjs)\n/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const adapted = example!.replaceAll("fixtures/", "node_modules/correx/fixtures/").replaceAll("examples/", "node_modules/correx/examples/");
    const gate = sh(adapted, project);
    expect(gate.stderr).toMatch(/bash-echo × anthropic-messages: 1\/1 tool results conform/);
    expect(summaryLine(gate.stdout)).toMatch(
      /^2 cases: 2 passed, 0 failed, 0 xfail, 0 unsupported, 0 crashed, 0 timed out; 2 of 2 judged \(100 %\) in [\d.]+ s \(subject: gate: node node_modules\/correx\/examples\/agents\/reference-agent\.mjs\)$/,
    );
    expect(gate.status).toBe(0);
  }, 180_000);

  it("the README's examples adapted by the node_modules/correx/ prefix print what the README shows (the newcomer trial)", () => {
    install();
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const block = /\*\*The examples after this section are typed in a clone\.\*\*[\s\S]*?```text\n([\s\S]*?)```\n/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const runs = [...block!.matchAll(/^\$ (.*)\n((?:(?!\$ ).*\n)*)/gm)];
    expect(runs.length).toBe(2);
    for (const [, command, shown] of runs) {
      expect(command).toContain("node_modules/correx/examples/readme/");
      const run = sh(`exec 2>&1; ${command}`, project);
      expect(run.stdout, command).toBe(shown);
    }
  }, 180_000);

  it("npx correx profiles names the package's files from where it was typed, so its gate command runs as printed (the newcomer trial)", () => {
    install();
    const profiles = sh("npx correx profiles opencode-core", project);
    expect(profiles.stderr).toBe("");
    expect(profiles.stdout).toContain("\n  result      node_modules/correx/schemas/envelope/tool-result-value.json\n");
    expect(profiles.stdout).toContain("\n  gate with   node node_modules/correx/examples/agents/opencode-serve.mjs\n");
    for (const path of ["schemas/envelope/tool-result-value.json", "examples/agents/opencode-serve.mjs"]) expect(existsSync(join(project, "node_modules/correx", path)), path).toBe(true);
  }, 180_000);

  it("a README path typed without the node_modules/correx/ prefix is refused with the path that works (the third newcomer trial)", () => {
    install();
    const validate = sh("npx correx validate examples/readme/part.json", project);
    expect([validate.status, validate.stderr]).toEqual([2, "correx validate: examples/readme/part.json: no such file; the correx package has it: node_modules/correx/examples/readme/part.json\n"]);
    const gate = sh(
      "npx correx gate --profile opencode-cli --protocol openai-chat --scenario fixtures/scenarios/bash-echo.yaml -- node node_modules/correx/examples/agents/reference-agent.mjs",
      project,
    );
    expect([gate.status, gate.stderr]).toEqual([
      2,
      "correx gate: fixtures/scenarios/bash-echo.yaml: cannot read scenario: no such file; the correx package has it: node_modules/correx/fixtures/scenarios/bash-echo.yaml\n",
    ]);
    const agent = sh(
      "npx correx gate --profile opencode-cli --protocol openai-chat --scenario node_modules/correx/fixtures/scenarios/bash-echo.yaml -- node examples/agents/reference-agent.mjs",
      project,
    );
    expect([agent.status, agent.stderr]).toEqual([
      2,
      `correx gate: agent script not found: "examples/agents/reference-agent.mjs" is not a file (relative paths are from where correx runs, ${project}); the correx package has it: node_modules/correx/examples/agents/reference-agent.mjs\n`,
    ]);
  }, 180_000);

  it("an empty or missing corpus is exit 2 naming the folder it looked in", () => {
    install();
    const missing = sh("npx correx check --root my-corpus", project);
    expect(missing.stderr).toBe(`correx check: ${project}/my-corpus/fixtures/cases does not exist; choose a corpus with --root DIR (DIR/fixtures/cases/<profile>/<area>/<case>.yaml, DIR/golden/)\n`);
    expect(missing.status).toBe(2);
    const empty = sh("mkdir -p empty/fixtures/cases/opencode-cli && npx correx check --root empty", project);
    expect(empty.stderr).toBe(
      `correx check: no case file (*.yaml) under ${project}/empty/fixtures/cases; choose a corpus with --root DIR (DIR/fixtures/cases/<profile>/<area>/<case>.yaml, DIR/golden/)\n`,
    );
    expect(empty.status).toBe(2);
  }, 180_000);

  describe("the CI recipes, run from the packed tarball in a scratch project", () => {
    it("examples/ci/generic-junit.sh writes JUnit XML and the HTML report and exits with correx's code", () => {
      install();
      const run = sh("REPORT_DIR=out-generic bash node_modules/correx/examples/ci/generic-junit.sh --profile opencode-cli", project);
      expect(run.status, run.stdout.slice(-2000) + run.stderr).toBe(0);
      expect(run.stdout).toContain("correx: JUnit XML in out-generic/junit.xml, HTML report in out-generic/html/index.html (exit 0)\n");
      const junit = readFileSync(join(project, "out-generic/junit.xml"), "utf8");
      expect(junit).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
      expect(junit).toMatch(/<testsuites [^>]*failures="0"/);
      expect(existsSync(join(project, "out-generic/html/index.html"))).toBe(true);
    }, 300_000);

    it("examples/ci/github-actions.yml: every correx step, run as written (matrix filled in), writes its JUnit XML and HTML report", () => {
      install();
      writeFileSync(
        join(project, "correx-adapter.mjs"),
        [
          "// The user's adapter in this test: correx's reference behind the adapter protocol.",
          'import { spawn } from "node:child_process";',
          'const child = spawn(process.execPath, ["node_modules/correx/dist/cli/correx.js", "adapter"], { stdio: "inherit" });',
          'child.on("exit", (code) => process.exit(code ?? 1));',
          "",
        ].join("\n"),
      );
      const workflow = parse(readFileSync(join(project, "node_modules/correx/examples/ci/github-actions.yml"), "utf8")) as {
        jobs: Record<string, { strategy?: { matrix?: { protocol?: string[] } }; steps: { run?: string }[] }>;
      };
      const commands: string[] = [];
      for (const job of Object.values(workflow.jobs)) {
        const protocols = job.strategy?.matrix?.protocol ?? [""];
        for (const step of job.steps) {
          if (!step.run?.includes("npx correx")) continue;
          // Two protocols of the matrix keep the test short; each job runs the same command.
          for (const protocol of protocols.length > 1 ? [protocols[0]!, protocols.at(-1)!] : protocols) commands.push(step.run.replaceAll("${{ matrix.protocol }}", protocol).trim());
        }
      }
      expect(commands.length).toBe(3);
      for (const command of commands) {
        const run = sh(command, project, { CI: "true", GITHUB_ACTIONS: "true" });
        expect(run.status, `${command}\n${run.stdout.slice(-2000)}${run.stderr}`).toBe(0);
      }
      const reports = readdirSync(join(project, "correx-report")).sort();
      expect(reports).toEqual(["check", "check.xml", "gate-openai-chat", "gate-openai-chat.xml", "gate-openai-responses", "gate-openai-responses.xml"]);
      for (const name of reports.filter((report) => !report.endsWith(".xml"))) expect(existsSync(join(project, "correx-report", name, "index.html"))).toBe(true);
      expect(readFileSync(join(project, "correx-report/gate-openai-chat.xml"), "utf8")).toMatch(/<testsuites [^>]*tests="2"[^>]*failures="0"/);
    }, 400_000);
  });
});
