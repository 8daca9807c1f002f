import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expandGenerators } from "../../src/golden/expand-generators.js";
import { parseGoldenYaml } from "../../src/golden/golden-yaml.js";
import { loweredBodies } from "./sdk-lowered-bodies.js";

const goldenRoot = join(import.meta.dirname, "..", "..", "golden");

/** The bodies the SDK type test checks must be the goldens' bytes, or the type test proves nothing about correx. */
describe("SDK type test bodies are the lowering goldens' expected bodies", () => {
  it("covers every protocol", () => {
    expect(new Set(loweredBodies.map((entry) => entry.protocol)).size).toBe(4);
  });
  for (const entry of loweredBodies) {
    it(`${entry.golden} ${entry.protocol}`, () => {
      const golden = expandGenerators(parseGoldenYaml(readFileSync(join(goldenRoot, `${entry.golden}.yaml`), "utf8"))) as { expected: Record<string, unknown> };
      expect(JSON.stringify(entry.body)).toBe(JSON.stringify(golden.expected[entry.protocol]));
    });
  }
});
