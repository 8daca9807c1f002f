import { describe, expect, it } from "vitest";
import type { OutputStorePort } from "../output-store-port.js";
import { UnsupportedError } from "../profile.js";
import { opencodeCore } from "./opencode-core-profile.js";

function store(): OutputStorePort & { saved: string[] } {
  const saved: string[] = [];
  return {
    saved,
    write(text: string): string {
      saved.push(text);
      return "/out/tool_1";
    },
  };
}

describe("opencodeCore profile", () => {
  it("is opencode-core 1.18.33", () => {
    expect([opencodeCore.id, opencodeCore.version]).toEqual(["opencode-core", "1.18.33"]);
  });

  it("format returns the settled ToolResultValue", () => {
    expect(opencodeCore.format({ tool: "write", input: { path: "a", content: "" }, observation: { path: "/w/a", resource: "a", existed: false } }, store())).toEqual({
      type: "text",
      value: "Created file successfully: a",
    });
  });

  it("truncate bounds a ToolOutput, reports truncated and the saved path", () => {
    const s = store();
    const result = opencodeCore.truncate({ output: { structured: {}, content: [{ type: "text", text: "1\n2\n3\n4\n5\n6" }] }, options: { limits: { maxLines: 5 } } }, s);
    expect(result).toEqual({
      result: { structured: {}, content: [{ type: "text", text: "1\n\n... output truncated; full content saved to /out/tool_1 ..." }] },
      truncated: true,
      savedPath: "/out/tool_1",
    });
    expect(s.saved).toEqual(["1\n2\n3\n4\n5\n6"]);
  });

  it("truncate leaves a small output alone, with no savedPath", () => {
    const output = { structured: {}, content: [{ type: "text" as const, text: "ok" }] };
    expect(opencodeCore.truncate({ output }, store())).toEqual({ result: output, truncated: false });
  });

  it("truncate refuses a bare text (that is the opencode-cli request shape)", () => {
    expect(() => opencodeCore.truncate({ text: "x" }, store())).toThrow(UnsupportedError);
  });
});
