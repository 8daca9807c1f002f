import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateTypes } from "../scripts/gen-types.mjs";
import { generateValidators } from "../scripts/gen-validators.mjs";

const generated = new URL("../src/generated/", import.meta.url).pathname;

describe("src/generated is up to date with schemas/ (run `npm run gen` when this fails)", () => {
  it("schema-types.ts matches a fresh generation", async () => {
    const fresh: string = await generateTypes();
    expect(readFileSync(generated + "schema-types.ts", "utf8") === fresh, "src/generated/schema-types.ts is stale: run npm run gen").toBe(true);
  });

  it("every validator module matches a fresh generation, and there are no extra ones", () => {
    const { files } = generateValidators() as { files: Map<string, string> };
    for (const [relative, text] of files) {
      expect(readFileSync(generated + relative, "utf8") === text, `src/generated/${relative} is stale: run npm run gen`).toBe(true);
    }
    const onDisk = (readdirSync(generated + "validators", { recursive: true }) as string[]).filter((entry) => /\.(js|d\.ts)$/.test(entry)).map((entry) => `validators/${entry}`);
    expect(onDisk.filter((relative) => !files.has(relative))).toEqual([]);
  });
});
