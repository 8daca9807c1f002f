// A pending file removed while `golden review` waits for its answer (a second `check`, a `git
// clean`): the review said "→ accepted", wrote nothing, and its summary counted the file as
// skipped without a word. It still writes nothing (never half-applied), and now says so.
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { cliPath, runCli } from "./run-cli.js";

it("accepting a pending file that vanished after it was shown names it on stderr and leaves the golden as it was", async () => {
  const root = makeCorpus(["opencode-cli/bash/no-output"]);
  const golden = join(root, "golden/opencode-cli/bash/no-output.yaml");
  const wrong = readFileSync(golden, "utf8").replace("truncated: false", "truncated: true");
  writeFileSync(golden, wrong);
  expect(runCli(["check", "--root", root]).code).toBe(1);
  const pending = `${golden}.new`;
  readFileSync(pending); // check wrote it

  const child = spawn(process.execPath, [cliPath, "golden", "review", "--root", root], { env: { ...process.env, CI: undefined }, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  const ended = new Promise<number | null>((resolve) => child.on("close", resolve));
  await new Promise<void>((resolve) => {
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      stdout += text;
      if (stdout.includes("[1/1]") && stdout.includes("quit (q)? ")) resolve();
    });
  });
  rmSync(pending);
  child.stdin.end("a\n");
  expect(await ended).toBe(0);
  expect(stderr).toBe(`correx golden review: not applied: ${pending} or its golden changed or vanished after it was shown, so it was skipped; run the review again\n`);
  expect(stdout).toMatch(/\n0 accepted, 0 rejected, 1 skipped\n$/);
  expect(readFileSync(golden, "utf8")).toBe(wrong);
}, 30_000);
