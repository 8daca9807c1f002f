import { describe, expect, it } from "vitest";
import { tellingStderrLine } from "./command-subject.js";

describe("tellingStderrLine: the line of a crashed subject's stderr that says what went wrong", () => {
  it("takes the error line of a Node or Python stack trace, not Node's closing version line", () => {
    const node = [
      "node:internal/modules/cjs/loader:1228",
      "  throw err;",
      "  ^",
      "",
      "Error: Cannot find module '/p/examples/subjects/bash-adapter.mjs'",
      "    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)",
      "    at node:internal/main/run_main_module:28:49 {",
      "  code: 'MODULE_NOT_FOUND',",
      "  requireStack: []",
      "}",
      "",
      "Node.js v20.20.2",
      "",
    ].join("\n");
    expect(tellingStderrLine(node)).toBe("Error: Cannot find module '/p/examples/subjects/bash-adapter.mjs'");
    expect(tellingStderrLine("Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\nModuleNotFoundError: No module named 'x'\n")).toBe("ModuleNotFoundError: No module named 'x'");
    expect(tellingStderrLine("TypeError [ERR_X]: bad\n    at f (a.js:1:1)\n\nNode.js v22.1.0\n")).toBe("TypeError [ERR_X]: bad");
  });

  it("falls back to the last line that is not Node's version, and is bounded", () => {
    expect(tellingStderrLine("/bin/sh: 1: nope: not found\n")).toBe("/bin/sh: 1: nope: not found");
    expect(tellingStderrLine("starting\nNode.js v20.20.2\n")).toBe("starting");
    expect(tellingStderrLine("")).toBe("");
    expect(tellingStderrLine("x".repeat(1000))).toHaveLength(300);
  });
});
