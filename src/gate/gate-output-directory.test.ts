import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agentOutputDirectory, savedOutputDirectoryIn } from "./gate-output-directory.js";

describe("agentOutputDirectory", () => {
  it("reads the directory of the first saved-output path a result names", () => {
    const marker = "... output truncated; full content saved to /run/xdg/data/opencode/tool-output/tool_0123456789abAbCdEfGhIjKlMn ...";
    expect(agentOutputDirectory([{ content: "no file" }, { content: `one\n\n${marker}\n\ntwo` }])).toBe("/run/xdg/data/opencode/tool-output");
  });

  it("is null when no result names a tool_<id> file (a 12 hex + 14 base62 id only)", () => {
    expect(agentOutputDirectory([{ content: "saved to /x/tool_123 ..." }, { content: "/x/tool_0123456789abAbCdEfGhIjKlMnO" }])).toBeNull();
  });
});

describe("savedOutputDirectoryIn", () => {
  /** The definition: the first match of the path regex, run as is (quadratic, so on short texts only). */
  const SAVED_OUTPUT = /(\/[^\s"'\\<>]*)\/tool_[0-9a-f]{12}[0-9A-Za-z]{14}(?![0-9A-Za-z])/;
  const id = "tool_0123456789abAbCdEfGhIjKlMn";

  it("finds what the path regex finds, on texts built of path pieces, ids and path ends", () => {
    const piece = fc.constantFrom("/", `/${id}`, `${id}`, "/tool_", "a", "0", "Z", "-", " ", '"', "\\", "<", "'", "\n", "x/y");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(savedOutputDirectoryIn(text)).toBe(SAVED_OUTPUT.exec(text)?.[1] ?? null);
      }),
      { numRuns: 3000 },
    );
  });

  it("takes the first run's first slash and its last whole id (greedy), skipping runs without a slash before the id", () => {
    expect(savedOutputDirectoryIn(`x /${id} /a/b/${id}/c/${id}/e/${id}x "/d/${id}`)).toBe(`/a/b/${id}/c`);
  });

  it("stays linear on a long run of base64 with slashes (a 2.4 MB image and a saved-output path after it)", () => {
    const base64 = "ab/+".repeat(800_000);
    const started = performance.now();
    expect(savedOutputDirectoryIn(`${base64} saved to /out/${id} ...`)).toBe("/out");
    const big = performance.now() - started;
    const small = "ab/+".repeat(8_000);
    const startedSmall = performance.now();
    for (let round = 0; round < 100; round++) savedOutputDirectoryIn(`${small} saved to /out/${id} ...`);
    const hundredSmall = performance.now() - startedSmall;
    // 100 × a 1/100 text in the same time order (a quadratic scan would be ~100× slower on the big one)
    expect(big).toBeLessThan(Math.max(hundredSmall, 1) * 10);
  });
});
