import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, repoRoot, runCli } from "./run-cli.js";

const tool = join(repoRoot, "examples/preview/report-tool.json");
const result = join(repoRoot, "examples/preview/report-result.json");

describe("correx preview (built CLI)", () => {
  it("prints one JSON line per profile × protocol with --reporter json, the result read from stdin", () => {
    const run = runCli(["preview", "--tool", tool, "--result", "-", "--server", "ci", "--reporter", "json", "--profile", "gemini-cli", "--profile", "opencode-cli"], {
      input: '{"content":[{"type":"text","text":"hello"}]}',
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const rows = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rows.map((row) => `${row.profile} ${row.protocol} ${row.name}`)).toEqual([
      "opencode-cli openai-chat ci_report",
      "opencode-cli anthropic-messages ci_report",
      "opencode-cli google-gemini ci_report",
      "gemini-cli google-gemini mcp_ci_report",
    ]);
    // in the registry's order (Profile.mcp.preview)
    expect(rows[3]).toMatchObject({ status: "ok", text: "<untrusted_context>\nhello\n</untrusted_context>", items: [{ index: 0, type: "text", fate: "kept" }] });
  });

  it("flags the 60 KB JSON blob cut by gemini-cli, opencode-cli and codex-cli", () => {
    const run = runCli(["preview", "--tool", tool, "--result", result, "--server", "ci"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("gemini-cli × google-gemini (gemini-2.5-pro): mcp_ci_report\n");
    expect(run.stdout.split("#0 text kept, #1 image attached, #2 text truncated! (the first").length - 1).toBe(5);
  });

  it("says that the folder where the agents' texts say they saved full outputs is gone when it ends", () => {
    const run = runCli(["preview", "--tool", tool, "--result", result, "--server", "ci"]);
    expect(run.code).toBe(0);
    const named = /For full output see: (\/\S+)\/tool_\S+/.exec(run.stdout);
    expect(named).not.toBeNull();
    const folder = (named as RegExpExecArray)[1] as string;
    expect(run.stdout.endsWith(`correx preview: ${folder}/… (where an agent says it saved a full output) is removed when preview ends\n`)).toBe(true);
    expect(existsSync(folder)).toBe(false);
    // a result no agent saves names no folder, and gets no such line
    const small = runCli(["preview", "--tool", tool, "--result", "-"], { input: '{"content":[{"type":"text","text":"hello"}]}' });
    expect(small.code).toBe(0);
    expect(small.stdout).not.toContain("is removed when preview ends");
  });

  it("writes the HTML pages with html=DIR: an index with codex-cli's truncation highlighted and a page per agent", () => {
    const dir = join(makeTempDir("correx-preview-html-"), "report");
    const run = runCli(["preview", "--tool", tool, "--result", result, "--server", "ci", "--reporter", `html=${dir}`]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^correx preview: tool "report" of server "ci": 3 content items\ncorrex preview: wrote ${dir}/index.html and 5 agent pages\ncorrex preview: /\\S+/… \\(where an agent says it saved a full output\\) is removed when preview ends\n$`,
      ),
    );
    expect(readdirSync(dir).sort()).toEqual([".correx-report", "claude-code.html", "codex-cli.html", "gemini-cli.html", "index.html", "opencode-cli.html", "opencode-core.html"]);
    expect(readFileSync(join(dir, "index.html"), "utf8")).toContain('<span class="flag">#2 text truncated (first 23,962 and last 23,962 of 60,668 chars)</span>');
    expect(readFileSync(join(dir, "codex-cli.html"), "utf8")).toContain("<pre>Wall time: 0.0000 seconds\nOutput:\nNightly build: 410 passed, 68 failed.\n{");
  });

  it("refuses html= without a folder, and a folder that is a file, with exit 2 and one line", () => {
    expect(runCli(["preview", "--tool", tool, "--result", result, "--reporter", "html="])).toMatchObject({ code: 2, stderr: "correx preview: --reporter html=DIR needs a folder\n" });
    const refused = runCli(["preview", "--tool", tool, "--result", result, "--reporter", `html=${tool}`]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`correx preview: ${tool}: cannot write report: not a directory\n`);
  });

  it("refuses a result without a content array with exit 2 and one line", () => {
    const run = runCli(["preview", "--tool", tool, "--result", "-"], { input: '{"structuredContent":{}}' });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("correx preview: --result: a CallToolResult needs a `content` array\n");
  });

  it("refuses base64 that is not base64 (an image's or audio's data, an embedded resource's blob) with exit 2 and one line at the field (was an internal error)", () => {
    const image = runCli(["preview", "--tool", tool, "--result", "-"], { input: '{"content":[{"type":"image","data":"!!!notbase64","mimeType":"image/png"}]}' });
    expect(image).toEqual({ code: 2, stdout: "", stderr: 'correx preview: <stdin>:1:36: /content/0/data: not base64 (character "!" at offset 0)\n' });
    const audio = runCli(["preview", "--tool", tool, "--result", "-"], {
      input: '{"content":[\n  {"type":"text","text":"hi"},\n  {"type":"audio","data":"UklG Rg==\\n?","mimeType":"audio/wav"}\n]}',
    });
    expect(audio).toEqual({ code: 2, stdout: "", stderr: 'correx preview: <stdin>:3:26: /content/1/data: not base64 (character "?" at offset 10)\n' });
    const dir = makeTempDir("correx-preview-base64-");
    const file = join(dir, "blob.json");
    writeFileSync(file, '{"content":[{"type":"resource","resource":{"uri":"file:///a.png","mimeType":"image/png","blob":"iVBO\\u001b[2J"}}]}');
    const blob = runCli(["preview", "--tool", tool, "--result", file]);
    expect(blob).toEqual({ code: 2, stdout: "", stderr: `correx preview: ${file}:1:96: /content/0/resource/blob: not base64 (character "\\u001b" at offset 4)\n` });
  });

  it("still previews empty base64 (shown as dropped) and the URL-safe alphabet", () => {
    const empty = runCli(["preview", "--tool", tool, "--result", "-"], { input: '{"content":[{"type":"image","data":"","mimeType":"image/png"}]}' });
    expect([empty.code, empty.stderr]).toEqual([0, ""]);
    expect(empty.stdout).toContain("#0 image dropped!");
    const urlSafe = runCli(["preview", "--tool", tool, "--result", "-"], { input: '{"content":[{"type":"audio","data":"-_-_","mimeType":"audio/wav"}]}' });
    expect([urlSafe.code, urlSafe.stderr]).toEqual([0, ""]);
  });

  it("names every reporter in --help's usage line, html=DIR too", () => {
    const run = runCli(["preview", "--help"]);
    expect(run.stdout.split("\n")[0]).toBe("usage: correx preview --tool FILE|JSON --result FILE|- [--input JSON] [--server NAME] [--profile P]... [--reporter text|json|html=DIR]");
  });

  it("refuses input that is not JSON, naming the flag", () => {
    const run = runCli(["preview", "--tool", "{nope", "--result", result]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('correx preview: --tool:1:2: malformed JSON: unexpected character "n", expected a string\n');
  });
});
