import { describe, expect, it } from "vitest";
import type { OutputStorePort } from "../../output-store-port.js";
import { opencodeCli } from "../opencode-cli-profile.js";

const store: OutputStorePort = {
  write(): string {
    throw new Error("glob never saves output");
  },
};

function glob(paths: string[], input: Record<string, unknown> = { pattern: "**/*.ts" }) {
  return opencodeCli.format({ tool: "glob", input, observation: { paths }, options: { cwd: "/w" } }, store);
}

describe("glob v1 (§2.6, README glob)", () => {
  it("joins absolute paths with \\n and no trailing newline", () => {
    expect(glob(["/w/b.ts", "/w/a.ts"])).toEqual({
      status: "completed",
      title: "",
      output: "/w/b.ts\n/w/a.ts",
      metadata: { truncated: false },
    });
  });

  it("says No files found for no match", () => {
    expect(glob([])).toMatchObject({ output: "No files found", metadata: { truncated: false } });
  });

  it("adds the 100-result notice", () => {
    const paths = Array.from({ length: 100 }, (_, i) => `/w/f${i}.ts`);
    expect(glob(paths)).toMatchObject({
      output: `${paths.join("\n")}\n\n(Results are truncated: showing first 100 results. Consider using a more specific path or pattern.)`,
      metadata: { truncated: true },
    });
  });

  it("titles the search directory relative to the worktree", () => {
    expect(glob(["/w/src/a.ts"], { pattern: "*.ts", path: "/w/src" })).toMatchObject({ title: "src" });
  });
});
