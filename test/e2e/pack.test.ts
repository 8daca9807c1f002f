import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, repoRoot } from "./run-cli.js";

const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" } });

describe("the published package (issue 2 Done-when 4)", () => {
  const packDir = makeTempDir("correx-pack-");
  npm(["pack", "--ignore-scripts", "--pack-destination", packDir], repoRoot);
  const tarball = join(packDir, readdirSync(packDir).find((name) => name.endsWith(".tgz"))!);

  it("holds dist/, schemas/ and the README, but no tests, fixtures or goldens", () => {
    const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).trim().split("\n");
    expect(files).toContain("package/dist/cli/correx.js");
    expect(files).toContain("package/dist/index.js");
    expect(files).toContain("package/dist/index.d.ts");
    expect(files).toContain("package/schemas/envelope/tool-result-part.json");
    expect(files).toContain("package/README.md");
    expect(files.filter((file) => /^package\/(test|fixtures|golden|bench|examples|scripts)\//.test(file) || /\.test\.|\.test-d\./.test(file))).toEqual([]);
    expect(files.filter((file) => file.startsWith("package/src/"))).toEqual([]);
  });

  it("installs into an empty project: npx correx validate works and `import … from \"correx\"` resolves with types", () => {
    const project = makeTempDir("correx-consumer-");
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", type: "module", private: true }));
    npm(["install", "--prefer-offline", "--no-audit", "--no-fund", tarball], project); // dependencies come from the npm cache that npm ci filled
    writeFileSync(
      join(project, "part.json"),
      JSON.stringify({ type: "tool-result", id: "call_1", name: "bash", result: { type: "text", value: "hi" } }),
    );
    const validate = spawnSync("npx", ["--no-install", "correx", "validate", "part.json"], { cwd: project, encoding: "utf8" });
    expect(validate.stdout).toBe("part.json: valid envelope/tool-result-part\n");
    expect(validate.status).toBe(0);

    writeFileSync(
      join(project, "use.ts"),
      [
        'import { loadValidator, lowerCore, type ToolResultPart, type ToolResultValue } from "correx";',
        'const part: ToolResultPart = { type: "tool-result", id: "c1", name: "bash", result: { type: "text", value: "hi" } };',
        'const value: ToolResultValue = part.result;',
        'const validate = await loadValidator("envelope/tool-result-part");',
        "const ok: boolean = validate(part);",
        'const { body } = lowerCore({ protocol: "openai-chat", messages: [{ role: "tool", content: [part] }] });',
        "export { value, ok, body };",
        "// @ts-expect-error a ToolResultValue has no such variant",
        'export const wrong: ToolResultValue = { type: "blob", value: 1 };',
        "",
      ].join("\n"),
    );
    const tsc = spawnSync(process.execPath, [join(repoRoot, "node_modules/typescript/bin/tsc"), "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--types", "", "--skipLibCheck", "use.ts"], { cwd: project, encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", 'import { schemaKinds } from "correx"; console.log(schemaKinds.includes("envelope/tool-result-part"))'], { cwd: project, encoding: "utf8" });
    expect(run.stdout).toBe("true\n");
  }, 120_000);
});
