import { cpSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { makeTempDir, repoRoot } from "./run-cli.js";

/** Case ids copied into a small throwaway corpus for workflow tests. */
export const fixtureCaseIds = ["opencode-cli/bash/no-output", "opencode-cli/bash/merged-stdout-stderr", "opencode-core/bash/echo-two-parts", "opencode-cli/truncate/head-by-lines"];

/** A temp corpus root (fixtures/cases + golden) holding copies of the given real cases. */
export function makeCorpus(ids: readonly string[] = fixtureCaseIds): string {
  const root = makeTempDir("correx-corpus-");
  for (const id of ids) {
    for (const [from, to] of [
      [join(repoRoot, "fixtures/cases", `${id}.yaml`), join(root, "fixtures/cases", `${id}.yaml`)],
      [join(repoRoot, "golden", `${id}.yaml`), join(root, "golden", `${id}.yaml`)],
    ]) {
      mkdirSync(dirname(to), { recursive: true });
      cpSync(from, to);
    }
  }
  return root;
}
