import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactValue, standardRedactions } from "./redact.js";

const ID = "tool_0123456789abABCDEFGHIJKLMN";

describe("standard redactions (design: volatile values)", () => {
  const rules = standardRedactions("/tmp/correx-output/case-1", "/work/project");

  it("turns saved-output paths into [OUTPUT]/tool_[ID], under the output dir or any absolute dir", () => {
    expect(redactValue(`saved to: /tmp/correx-output/case-1/${ID}\n`, rules)).toBe("saved to: [OUTPUT]/tool_[ID]\n");
    expect(redactValue(`at /home/u/.local/share/opencode/tool-output/${ID}.`, rules)).toBe("at [OUTPUT]/tool_[ID].");
    expect(redactValue(`C:\\Users\\u\\out\\${ID}`, rules)).toBe("[OUTPUT]/tool_[ID]");
  });

  it("leaves a tool_ name that is not a full id alone, and replaces the project dir", () => {
    expect(redactValue("/tmp/x/tool_0123", rules)).toBe("/tmp/x/tool_0123");
    expect(redactValue({ "/work/project/a.ts": ["in /work/project/b"] }, rules)).toEqual({ "[PROJECT]/a.ts": ["in [PROJECT]/b"] });
  });

  it("gives the same result as running every regex, for any text (the tool_ pre-test only skips work)", () => {
    const piece = fc.constantFrom("/", "\\", "C:", "tool_", "0123456789ab", "ABCDEFGHIJKLMN", "x", " ", "\n", "/work/project", "/tmp/correx-output/case-1/");
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 14 }).map((parts) => parts.join("")),
        (text) => {
          let direct = text;
          for (const rule of rules) {
            rule.pattern.lastIndex = 0;
            direct = direct.replace(rule.pattern, rule.token);
          }
          expect(redactValue(text, rules)).toBe(direct);
        },
      ),
      { numRuns: 10_000 },
    );
  });
});
