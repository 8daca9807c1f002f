import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { InputError } from "../input/input-error.js";
import { parseScenario, safeParseScenario } from "./parse-scenario.js";

const root = new URL("../../fixtures/scenarios/", import.meta.url).pathname;
const files = readdirSync(root).filter((name) => name.endsWith(".yaml"));

describe("fixtures/scenarios", () => {
  it("covers the scenarios of issue 7 (Done when 2)", () => {
    const names = files.map((name) => name.replace(/\.yaml$/, ""));
    for (const name of [
      "bash-echo",
      "bash-nonzero-exit-stderr",
      "bash-no-output",
      "bash-timeout",
      "bash-over-both-limits",
      "read-small",
      "read-offset-limit",
      "read-over-2000-lines",
      "read-byte-cap",
      "read-long-line",
      "read-directory",
      "read-missing-suggestions",
      "read-binary",
      "read-png",
      "write-new",
      "write-overwrite",
      "edit-success",
      "edit-not-found",
      "glob-match",
      "glob-none",
      "glob-over-100",
      "grep-match",
      "grep-none",
      "grep-over-100",
      "invalid-arguments",
      "unknown-tool",
      "parallel-read-bash",
      "webfetch-small",
      "webfetch-over-limit",
    ]) {
      expect(names).toContain(name);
    }
  });
  for (const file of files) {
    it(`${file} is a valid scenario named after its file`, async () => {
      const scenario = await parseScenario(readFileSync(root + file, "utf8"), file);
      expect(scenario.name + ".yaml").toBe(file);
    });
  }
});

describe("parseScenario", () => {
  it("reports a schema violation at its line and column", async () => {
    const text = "name: x\nspec: §2.1\nprompt: p\nturns:\n  - calls:\n      - tool: bash\n        input: 7\n  - text: Done.\n";
    const result = await safeParseScenario(text, "x.yaml");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.render()).toBe("x.yaml:7:16: /turns/0/calls/0/input: expected object, found integer 7 (scenario)");
  });

  it('an empty file, or one of comments only, is said to be empty; a null where an object belongs is said once (was "found null null")', async () => {
    for (const text of ["", "\n", "# a scenario to come\n"]) {
      const result = await safeParseScenario(text, "x.yaml");
      expect(!result.ok && result.error.render()).toBe("x.yaml:1:1: empty file: a scenario is a mapping with name, prompt and turns");
    }
    const result = await safeParseScenario("null\n", "x.yaml");
    expect(!result.ok && result.error.render()).toBe("x.yaml:1:1: /: expected object, found null (scenario)");
  });

  it("refuses a script whose last turn makes calls", async () => {
    const text = "name: x\nspec: §2.1\nprompt: p\nturns:\n  - calls:\n      - {tool: bash, input: {}}\n";
    await expect(parseScenario(text, "x.yaml")).rejects.toThrow("the last turn must be a final text without calls");
  });

  it("refuses a call id used twice", async () => {
    const text = "name: x\nspec: §2.1\nprompt: p\nturns:\n  - calls:\n      - {tool: bash, input: {}, id: a}\n      - {tool: bash, input: {}, id: a}\n  - text: Done.\n";
    const error = await parseScenario(text, "x.yaml").catch((caught: unknown) => caught);
    expect(InputError.isInstance(error) && error.render()).toBe('x.yaml:7:37: /turns/0/calls/1/id: call id "a" is used twice');
  });
});

describe("parseScenario: mcp", () => {
  const head = "name: x\nspec: §2.14\nprompt: p\nmcp:\n  servers:\n    docs:\n      tools:\n        - name: lookup\n          answers:\n            - result: {content: []}\n";
  it("accepts a call to a declared server's tool", async () => {
    const scenario = await parseScenario(`${head}turns:\n  - calls:\n      - {server: docs, tool: lookup, input: {}}\n  - text: Done.\n`, "x.yaml");
    expect(scenario.mcp?.servers.docs.tools[0].name).toBe("lookup");
  });

  it("refuses a call to a server the scenario does not declare, at the call's server", async () => {
    const error = await parseScenario(`${head}turns:\n  - calls:\n      - {server: wiki, tool: lookup, input: {}}\n  - text: Done.\n`, "x.yaml").catch((caught: unknown) => caught);
    expect(InputError.isInstance(error) && error.render()).toBe('x.yaml:13:18: /turns/0/calls/0/server: MCP server "wiki" is not declared in mcp.servers');
  });

  it("refuses a call to a tool its server does not declare", async () => {
    const error = await parseScenario(`${head}turns:\n  - calls:\n      - {server: docs, tool: find, input: {}}\n  - text: Done.\n`, "x.yaml").catch((caught: unknown) => caught);
    expect(InputError.isInstance(error) && error.render()).toBe('x.yaml:13:18: /turns/0/calls/0/server: MCP server "docs" declares no tool "find"');
  });

  it("refuses an answer that is neither a result, an error nor an exit", async () => {
    const text = head.replace("- result: {content: []}", "- delayMs: 5") + "turns:\n  - text: Done.\n";
    await expect(parseScenario(text, "x.yaml")).rejects.toThrow(/\/mcp\/servers\/docs\/tools\/0\/answers\/0/);
  });
});
