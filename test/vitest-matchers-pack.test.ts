import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, repoRoot } from "./e2e/run-cli.js";

const quiet = { npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...quiet } });

/**
 * Issue 8 Done-when 3: the sample project under examples/vitest-matchers installs correx from
 * `npm pack` (offline, from the npm cache `npm ci` filled) and runs Vitest there: its matchers
 * pass, and the demo's failing assertion prints the visible-whitespace diff.
 */
describe("correx/vitest in a project that installs correx from npm pack", () => {
  const packDir = makeTempDir("correx-vitest-pack-");
  npm(["pack", "--ignore-scripts", "--pack-destination", packDir], repoRoot);
  const tarball = join(packDir, readdirSync(packDir).find((name) => name.endsWith(".tgz"))!);

  it("the packed package.json exports ./vitest with its types", () => {
    const manifest = JSON.parse(execFileSync("tar", ["xzOf", tarball, "package/package.json"], { encoding: "utf8" })) as { exports: Record<string, unknown> };
    expect(manifest.exports["./vitest"]).toEqual({ types: "./dist/vitest/index.d.ts", default: "./dist/vitest/index.js" });
    const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).trim().split("\n");
    expect(files).toContain("package/dist/vitest/index.js");
    expect(files).toContain("package/dist/vitest/index.d.ts");
  });

  it("runs the example's tests (passing), then its demo (failing with the diff)", () => {
    const project = join(makeTempDir("correx-vitest-example-"), "vitest-matchers");
    cpSync(join(repoRoot, "examples/vitest-matchers"), project, { recursive: true, filter: (source) => !/[\\/](node_modules|golden[\\/].*\.new)$/.test(source) });
    // --prefer-offline: every tarball the npm cache holds (npm ci filled it) comes from there;
    // --offline alone fails when the cached metadata names a newer version than the cached tarball
    npm(["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball], project);
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(manifest.devDependencies.correx).toMatch(/^file:.*\.tgz$/);
    const vitest = (env: Record<string, string | undefined>) =>
      spawnSync(process.execPath, [join(project, "node_modules/vitest/vitest.mjs"), "run"], {
        cwd: project,
        encoding: "utf8",
        env: { ...process.env, ...env, NO_COLOR: "1", FORCE_COLOR: "0", VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined, TEST: undefined, NODE_ENV: undefined },
      });
    const passing = vitest({ CI: "true", SHOW_FAILURE: undefined });
    expect(passing.stdout + passing.stderr).toMatch(/Tests {2}4 passed \(4\)/);
    expect(passing.status).toBe(0);
    const failing = vitest({ CI: "true", SHOW_FAILURE: "1" });
    const output = failing.stdout + failing.stderr;
    expect(output).toContain("expected the result to conform to opencode-cli bash (the reference): 1 difference");
    expect(output).toContain(["/output:", "  --- reference", "  +++ received", "  @@ -1,2 +1,1 @@", "   hi", "  -", "  ", "  ⊘ received has no newline at end (reference has one)"].join("\n"));
    expect(output).toContain("⊘ received has no newline at end (reference has one)");
    expect(output).toMatch(/Tests {2}1 failed \(1\)/);
    expect(failing.status).toBe(1);
  }, 240_000);
});
