import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { sandboxScript } from "../../src/sandbox/sandbox-layout.js";
import { cliPath, makeTempDir, repoRoot } from "./run-cli.js";

// What a process loads at start is what its user waits for (issue 32: `correx validate one.json`
// within 1.3× of `node -e 0`; the replay sandbox's worker starts once per scenario). These tests
// hold the module lists, never a time: a loader hook records every module the process loads.
const dir = makeTempDir("correx-lean-start-");
const hooks = join(dir, "hooks.mjs");
writeFileSync(
  hooks,
  `import { appendFileSync } from "node:fs";\nexport async function load(url, context, next) {\n  appendFileSync(process.env.CORREX_LOADED_LIST, url + "\\n");\n  return next(url, context);\n}\n`,
);
const register = join(dir, "register.mjs");
writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
// CommonJS modules (the bin, the validate bundle) pass no loader hook: their files are read from require's cache at exit.
const requireCache = join(dir, "require-cache.cjs");
writeFileSync(
  requireCache,
  `const { appendFileSync } = require("node:fs");\nconst { pathToFileURL } = require("node:url");\nprocess.on("exit", () => appendFileSync(process.env.CORREX_LOADED_LIST, Object.keys(require.cache).map((path) => pathToFileURL(path).href + "\\n").join("")));\n`,
);

/** The modules (repo-relative paths, or `node:` names) a node process loads running `args`. */
function loadedBy(args: string[], name: string, input = ""): string[] {
  const list = join(dir, `${name}.txt`);
  writeFileSync(list, "");
  const run = spawnSync(process.execPath, ["--require", requireCache, "--import", register, ...args], { input, encoding: "utf8", env: { ...process.env, CORREX_LOADED_LIST: list } });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(list, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((url) => url.replace(pathToFileURL(`${repoRoot}/`).href, ""));
}

describe("lean start-up", () => {
  it("correx validate of one tool result loads no profile, no YAML parser and no corpus code", () => {
    const file = join(dir, "one.json");
    writeFileSync(file, JSON.stringify({ type: "tool-result", id: "call_1", name: "write", result: { type: "text", value: "Wrote file successfully." } }));
    const loaded = loadedBy([cliPath, "validate", file], "validate");
    // the bin runs validate from its CommonJS bundle (scripts/bundle-cli.mjs), one chunk per lazily loaded module
    expect(loaded).toContain("dist/cli/bundle/correx-validate.cjs");
    expect(
      loaded.filter(
        (path) =>
          path.startsWith("dist/profiles/") ||
          /^dist\/cli\/bundle\/(profile-registry|load-corpus|unknown-profile|parse-yaml-record)-/.test(path) ||
          path.startsWith("dist/conformance/load-corpus") ||
          path.includes("node_modules/yaml/"),
      ),
    ).toEqual([]);
  });

  it("the replay sandbox's worker runs from its CommonJS bundle and loads no package (no MCP SDK: MCP servers are played in correx's own process)", () => {
    // what correx runs in each sandbox (sandboxScript): the bundle the build made, not the ES module
    expect(sandboxScript("sandbox-worker.js")).toBe(join(repoRoot, "dist/sandbox/bundle/sandbox-worker.cjs"));
    expect(sandboxScript("loopback-bridge.js")).toBe(join(repoRoot, "dist/sandbox/bundle/loopback-bridge.cjs"));
    const loaded = loadedBy([sandboxScript("sandbox-worker.js")], "sandbox-worker");
    expect(loaded).toContain("dist/sandbox/bundle/sandbox-worker.cjs");
    expect(loaded.filter((path) => path.includes("node_modules/") || /^dist\/(?!sandbox\/bundle\/)/.test(path))).toEqual([]);
  });

  it.skipIf(availableParallelism() < 2)("correx check runs its worker lane from the CommonJS bundle (scripts/bundle-cli.mjs), not the ES modules it is made from", () => {
    const loaded = loadedBy([cliPath, "check", "--update", "no", "--reporter", "json"], "check");
    expect(loaded).toContain("dist/cli/bundle/cli/correx.cjs");
    expect(loaded).toContain("dist/cli/bundle/cli/check-worker.cjs");
    expect(loaded.filter((path) => /^dist\/(?!cli\/bundle\/)/.test(path) && path !== "dist/cli/correx.cjs")).toEqual([]);
  });

  it("a gate run whose scenario plays no MCP server and fetches no web page loads no MCP SDK (~150 ms of a gate's start-up), nor the packages only a few cases need (~100 ms)", () => {
    const work = makeTempDir("correx-lean-start-gate-");
    const loaded = loadedBy(
      [
        cliPath,
        "gate",
        "--profile",
        "opencode-cli",
        "--protocol",
        "openai-chat",
        "--work-dir",
        work,
        "--reporter",
        `json=${join(work, "report.json")}`,
        "--scenario",
        join(repoRoot, "fixtures/scenarios/bash-echo.yaml"),
        "--",
        "node",
        join(repoRoot, "examples/agents/reference-agent.mjs"),
      ],
      "gate",
    );
    expect(loaded).toContain("dist/cli/bundle/cli/correx.cjs");
    expect(loaded.filter((path) => path.includes("node_modules/@modelcontextprotocol/"))).toEqual([]);
    // packages a few cases need load at their first use (src/input/package-on-first-use.ts): webfetch's HTML → Markdown,
    // read's MIME table, Gemini CLI's ajv, jsdiff (a difference to render), minimatch, htmlparser2
    expect(loaded.filter((path) => /node_modules\/(turndown|@mixmark-io\/domino|mime-types|mime-db|diff|minimatch|htmlparser2|ajv\/dist\/ajv\.js)\b/.test(path))).toEqual([]);
  });
});
