import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { cliPath, makeTempDir, runCli } from "./run-cli.js";

// `correx golden review` on a real terminal, driven through tmux (Debian's, installed by .ci/run).
const tmuxMissing = spawnSync("tmux", ["-V"]).status !== 0 ? "tmux is not installed (.ci/run installs Debian's tmux)" : null;
if (tmuxMissing) console.log(`skipped: ${tmuxMissing}`);

const socket = `correx-review-${process.pid}`;
const tmux = (...args: string[]) => spawnSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
afterAll(() => void tmux("kill-server"));

const ids = ["opencode-cli/bash/merged-stdout-stderr", "opencode-cli/bash/no-output", "opencode-cli/truncate/head-by-lines"];
const golden = (root: string, id: string) => join(root, "golden", `${id}.yaml`);

/** A corpus whose three goldens disagree with the reference, with their pending files written. */
function corpusWithPending(): { root: string; originals: string[]; broken: string[] } {
  const root = makeCorpus();
  const originals = ids.map((id) => readFileSync(golden(root, id), "utf8"));
  const edits: [string, string][] = [
    ["      ok\n", "      OK\n"],
    ['output: "(no output)"', 'output: "(no output) "'],
    ["...90 lines truncated...", "...91 lines truncated..."],
  ];
  const broken = ids.map((id, index) => {
    const text = originals[index].replace(edits[index][0], edits[index][1]);
    writeFileSync(golden(root, id), text);
    return text;
  });
  expect(runCli(["check", "--root", root]).code).toBe(1);
  return { root, originals, broken };
}

/** Starts the review in a detached tmux pane; the shell records its exit code and the terminal modes after it. */
function startReview(root: string, name: string): { marker: string; stty: string } {
  const dir = makeTempDir();
  const marker = join(dir, "exit");
  const stty = join(dir, "stty");
  const command = `env -u CI -u GITHUB_ACTIONS -u NO_COLOR FORCE_COLOR= ${process.execPath} ${cliPath} golden review --root ${root}; echo $? > ${marker}; stty -a > ${stty}; sleep 30`;
  expect(tmux("new-session", "-d", "-s", name, "-x", "160", "-y", "60", command).status).toBe(0);
  return { marker, stty };
}

const screen = (name: string, escapes = false) => tmux("capture-pane", "-p", ...(escapes ? ["-e"] : []), "-t", name).stdout;

async function waitFor(what: string, condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > 90_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const press = (name: string, key: string) => expect(tmux("send-keys", "-t", name, key).status).toBe(0);

describe.skipIf(tmuxMissing)("correx golden review on a real terminal (tmux; issue 13)", () => {
  it("single keys decide, ? and d redraw, colour is on, and it exits by itself after the last decision with the terminal restored", async () => {
    const { root, originals, broken } = corpusWithPending();
    const { marker, stty } = startReview(root, "keys");
    await waitFor("the first prompt", () => screen("keys").includes("[1/3] changed golden"));
    expect(screen("keys", true)).toMatch(/\u001b\[[0-9;]*3[12]m/); // red or green diff lines
    press("keys", "?");
    await waitFor("the key help", () => screen("keys").includes("d  toggle the full view"));
    press("keys", "d");
    await waitFor("the full view redraw", () => screen("keys").split("[1/3] changed golden").length > 2);
    press("keys", "a");
    await waitFor("the second item", () => screen("keys").includes("[2/3] changed golden"));
    press("keys", "r");
    await waitFor("the third item", () => screen("keys").includes("[3/3] changed golden"));
    press("keys", "s");
    await waitFor("the review to exit", () => existsSync(marker) && existsSync(stty) && readFileSync(stty, "utf8").length > 0);
    expect(readFileSync(marker, "utf8")).toBe("0\n");
    expect(screen("keys")).toContain("1 accepted, 1 rejected, 1 skipped");
    const modes = readFileSync(stty, "utf8");
    expect(modes).toMatch(/(^|\s)icanon(\s|$)/);
    expect(modes).toMatch(/(^|\s)echo(\s|$)/);
    // accepted: the golden is the reference's again (plus reviewed:), no pending file
    expect(readFileSync(golden(root, ids[0]), "utf8")).toBe(originals[0].replace(/^(reviewed: .*)"$/m, '$1; accepted by correx golden review (subject: reference)"'));
    expect(existsSync(golden(root, ids[0]) + ".new")).toBe(false);
    // rejected: the golden as it was, no pending file; skipped: both stay
    expect(readFileSync(golden(root, ids[1]), "utf8")).toBe(broken[1]);
    expect(existsSync(golden(root, ids[1]) + ".new")).toBe(false);
    expect(readFileSync(golden(root, ids[2]), "utf8")).toBe(broken[2]);
    expect(existsSync(golden(root, ids[2]) + ".new")).toBe(true);
  }, 180_000);

  it("q and Ctrl-C quit at once: every pending file stays, the terminal is restored", async () => {
    for (const [name, key] of [
      ["quit", "q"],
      ["interrupt", "C-c"],
    ] as const) {
      const { root, broken } = corpusWithPending();
      const { marker, stty } = startReview(root, name);
      await waitFor("the first prompt", () => screen(name).includes("[1/3] changed golden"));
      press(name, key);
      await waitFor("the review to exit", () => existsSync(marker) && existsSync(stty) && readFileSync(stty, "utf8").length > 0);
      expect(readFileSync(marker, "utf8")).toBe("0\n");
      expect(screen(name)).toContain("0 accepted, 0 rejected, 3 skipped");
      expect(readFileSync(stty, "utf8")).toMatch(/(^|\s)icanon(\s|$)/);
      ids.forEach((id, index) => {
        expect(readFileSync(golden(root, id), "utf8")).toBe(broken[index]);
        expect(existsSync(golden(root, id) + ".new")).toBe(true);
      });
    }
  }, 180_000);
});
