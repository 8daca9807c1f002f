import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { type CliRun, cliPath, makeTempDir, repoRoot, runCli } from "./run-cli.js";

const wrongSubject = `cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs one-byte-short`;
const golden = (root: string, id: string) => join(root, "golden", `${id}.yaml`);
const pendingFiles = (dir: string) => (existsSync(dir) ? (readdirSync(dir, { recursive: true }) as string[]).filter((entry) => entry.endsWith(".new")).sort() : []);

/** A temp copy of the whole corpus (fixtures/cases and golden): tests never touch the real one. */
function copyWholeCorpus(): string {
  const root = makeTempDir("correx-whole-corpus-");
  cpSync(join(repoRoot, "fixtures/cases"), join(root, "fixtures/cases"), { recursive: true, filter: (source) => !source.endsWith(".new") });
  cpSync(join(repoRoot, "golden"), join(root, "golden"), { recursive: true, filter: (source) => !source.endsWith(".new") });
  return root;
}

/** Every file under a folder with its bytes' hash, sorted: equal fingerprints mean byte-identical trees. */
function fingerprint(dir: string): string {
  const entries = (readdirSync(dir, { recursive: true }) as string[]).sort();
  const hash = createHash("sha256");
  for (const entry of entries) {
    const path = join(dir, entry);
    hash.update(entry + "\0");
    if (lstatSync(path).isFile()) hash.update(readFileSync(path));
  }
  return `${entries.length} entries ${hash.digest("hex")}`;
}

/** Runs the CLI without waiting (for concurrent runs and held locks). */
function startCli(args: string[], input?: string) {
  const child = spawn(process.execPath, [cliPath, ...args], { env: { ...process.env, CI: undefined, GITHUB_ACTIONS: undefined }, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  if (input !== undefined) child.stdin.end(input);
  const done = new Promise<CliRun>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  return { child, done, output: () => stdout };
}

const waitFor = async (condition: () => boolean, what: string) => {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 90_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Changes one byte of a golden's text in place (no restyling), so the reference disagrees with it. */
function editGoldenBytes(root: string, id: string, from: string, to: string): string {
  const text = readFileSync(golden(root, id), "utf8");
  expect(text).toContain(from);
  const changed = text.replace(from, to);
  writeFileSync(golden(root, id), changed);
  return changed;
}

describe("a subject other than the reference never writes the spec (issue 13)", () => {
  it("a deliberately wrong cmd: subject over the whole corpus leaves golden/ and fixtures/ byte-identical", () => {
    const root = copyWholeCorpus();
    const before = [fingerprint(join(root, "golden")), fingerprint(join(root, "fixtures"))];
    const run = runCli(["check", "--root", root, "--subject", wrongSubject]);
    expect(run.code).toBe(1);
    const cases = (readdirSync(join(root, "fixtures/cases"), { recursive: true }) as string[]).filter((entry) => entry.endsWith(".yaml")).length;
    const summary = /^(\d+) cases: (\d+) passed, (\d+) failed, .* \(subject: cmd:node .*one-byte-short\)$/m.exec(run.stdout);
    expect(summary?.[1]).toBe(String(cases));
    expect(Number(summary?.[3])).toBeGreaterThan(100);
    expect(run.stdout).not.toContain("pending golden written");
    expect([fingerprint(join(root, "golden")), fingerprint(join(root, "fixtures"))]).toEqual(before);
  }, 180_000);

  it("--pending-dir DIR collects the subject's output there, never beside the goldens", () => {
    const root = makeCorpus();
    const before = fingerprint(join(root, "golden"));
    const pending = join(makeTempDir(), "pending");
    const run = runCli(["check", "--root", root, "--subject", wrongSubject, "--pending-dir", pending]);
    expect(run.code).toBe(1);
    expect(pendingFiles(pending)).toEqual(["opencode-cli/bash/merged-stdout-stderr.yaml.new", "opencode-cli/bash/no-output.yaml.new"]);
    expect(readFileSync(join(pending, "opencode-cli/bash/no-output.yaml.new"), "utf8")).toContain(`  subject: ${wrongSubject.replace("cmd:", "cmd:")}\n`);
    expect(fingerprint(join(root, "golden"))).toBe(before);
    const inside = runCli(["check", "--root", root, "--subject", wrongSubject, "--pending-dir", join(root, "golden", "x")]);
    expect([inside.code, inside.stderr]).toEqual([2, `correx check: --pending-dir must be outside the corpus (${join(root, "golden", "x")} is inside ${root})\n`]);
  });

  it("asking to update the corpus from such a subject is refused unless --write-corpus-from-subject says so, loudly", () => {
    const root = makeCorpus();
    const before = fingerprint(join(root, "golden"));
    const message =
      "--update always would write this subject's output into the corpus, which is the spec; use --pending-dir DIR for its pending files, or --write-corpus-from-subject to make it the spec\n";
    const refused = runCli(["check", "--root", root, "--subject", wrongSubject, "--update", "always"]);
    expect([refused.code, refused.stderr]).toEqual([2, `correx check: ${message}`]);
    const update = runCli(["golden", "update", "--root", root, "--subject", wrongSubject]);
    expect([update.code, update.stderr]).toEqual([2, `correx check: ${message}`]);
    expect(fingerprint(join(root, "golden"))).toBe(before);
    const forced = runCli(["golden", "update", "--root", root, "--subject", wrongSubject, "--write-corpus-from-subject"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toBe(`correx check: WARNING: --write-corpus-from-subject: the output of ${wrongSubject} is written into ${root}/golden as the spec's expectations\n`);
    expect(readFileSync(golden(root, "opencode-cli/bash/no-output"), "utf8")).toContain(`; updated by correx golden update (subject: ${wrongSubject})`);
  });
});

describe("accept and update edit goldens in place (issue 13)", () => {
  const id = "opencode-cli/truncate/head-by-lines";

  it("one changed value inside a golden with generators and reviewed: changes only that value's line; reviewed: gains the entry", () => {
    const root = makeCorpus();
    const original = readFileSync(golden(root, id), "utf8");
    expect(original).toContain("reviewed: ");
    expect(original).toContain("$lines");
    const broken = editGoldenBytes(root, id, "...90 lines truncated...", "...91 lines truncated...");
    expect(runCli(["check", "--root", root]).code).toBe(1);
    const review = runCli(["golden", "review", "--root", root], { input: "a\n" });
    expect(review.stdout).toContain("1 accepted, 0 rejected, 0 skipped");
    const accepted = readFileSync(golden(root, id), "utf8");
    const changedLines = (a: string, b: string) => {
      const left = a.split("\n");
      const right = b.split("\n");
      expect(right.length).toBe(left.length);
      return left.flatMap((line, index) => (line === right[index] ? [] : [[line, right[index]]]));
    };
    const reviewedLine = original.split("\n").find((line) => line.startsWith("reviewed: "))!;
    const acceptedReviewed = `${reviewedLine.slice(0, -1)}; accepted by correx golden review (subject: reference)"`;
    // against the broken golden: exactly the value's line and the reviewed: line
    expect(changedLines(broken, accepted)).toEqual([
      [reviewedLine, acceptedReviewed],
      [broken.split("\n").find((line) => line.includes("91 lines"))!, original.split("\n").find((line) => line.includes("90 lines"))!],
    ]);
    // against the golden as it was: only reviewed: (the value is back, generators and styling as written)
    expect(changedLines(original, accepted)).toEqual([[reviewedLine, acceptedReviewed]]);
    expect(runCli(["check", "--root", root]).code).toBe(0);
  });

  it("golden update edits in place too, and a second update records its entry once", () => {
    const root = makeCorpus();
    const original = readFileSync(golden(root, id), "utf8");
    editGoldenBytes(root, id, 'template: "line {n}"', 'template: "Line {n}"');
    expect(runCli(["golden", "update", "--root", root]).code).toBe(0);
    const updated = readFileSync(golden(root, id), "utf8");
    expect(updated).toBe(original.replace(/^(reviewed: .*)"$/m, '$1; updated by correx golden update (subject: reference)"'));
    editGoldenBytes(root, id, "to: 9,", "to: 8,");
    expect(runCli(["golden", "update", "--root", root]).code).toBe(0);
    expect(readFileSync(golden(root, id), "utf8")).toBe(updated);
  });

  it("review shows a key-order-only change as a diff of the key order", () => {
    const root = makeCorpus();
    const path = golden(root, "opencode-cli/bash/no-output");
    const text = readFileSync(path, "utf8");
    const value = text.replace("expected:\n", "source:\n  subject: reference\nexpected:\n");
    writeFileSync(`${path}.new`, value.replace('status: completed, title: "true"', 'title: "true", status: completed'));
    const review = runCli(["golden", "review", "--root", root], { input: "s\n" });
    expect(review.stdout).toContain("  /result (key order):\n    --- golden\n    +++ pending\n    @@ -1,4 +1,4 @@\n    -status\n     title\n    +status\n     output\n     metadata\n");
    expect(review.stdout).toContain("0 accepted, 0 rejected, 1 skipped");
  });
});

describe("golden review refuses a malformed pending file (issue 13)", () => {
  it("one line naming the file, exit 2, and nothing is applied", () => {
    const root = makeCorpus();
    editGoldenBytes(root, "opencode-cli/bash/no-output", 'output: "(no output)"', 'output: "(no output) "');
    runCli(["check", "--root", root]);
    const bad = join(root, "golden", "opencode-cli", "bash", "zz-bad.yaml.new");
    writeFileSync(bad, "correx: golden/1\nexpected: [unclosed\n");
    const before = fingerprint(join(root, "golden"));
    const run = runCli(["golden", "review", "--accept-all", "--root", root]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`correx golden: ${bad}: not a golden: Flow sequence in block collection must be sufficiently indented and end with a ] at line 3, column 1\n`);
    expect(fingerprint(join(root, "golden"))).toBe(before);
  });
});

describe("a case file check cannot read is named, never left out", () => {
  it("a link to nothing or a loop of links named as a case is exit 2 naming it (both were skipped without a word); a link to a device alone is read and refused (was 'no case file')", () => {
    const root = makeCorpus(["opencode-cli/bash/no-output"]);
    const folder = join(root, "fixtures/cases/opencode-cli/bash");
    symlinkSync("nowhere.yaml", join(folder, "dangling.yaml"));
    const dangling = runCli(["check", "--root", root, "--update", "no"]);
    expect([dangling.code, dangling.stdout, dangling.stderr]).toEqual([2, "", `correx check: ${folder}/dangling.yaml: cannot read file: it is a link to a path that does not exist\n`]);
    rmSync(join(folder, "dangling.yaml"));
    symlinkSync("loop.yaml", join(folder, "loop.yaml"));
    const loop = runCli(["check", "--root", root, "--update", "no"]);
    expect([loop.code, loop.stderr]).toEqual([2, `correx check: ${folder}/loop.yaml: cannot read file: it is a loop of links\n`]);
    rmSync(join(folder, "loop.yaml"));
    rmSync(join(folder, "no-output.yaml"));
    symlinkSync("/dev/zero", join(folder, "zero.yaml"));
    const device = runCli(["check", "--root", root, "--update", "no"]);
    expect([device.code, device.stderr]).toEqual([2, `correx check: ${folder}/zero.yaml: file is over the 33554432 byte limit\n`]);
  });

  it("golden prune and golden review name a golden or pending golden that is a link to nothing (exit 2, nothing deleted)", () => {
    const root = makeCorpus(["opencode-cli/bash/no-output"]);
    const goldens = join(root, "golden/opencode-cli/bash");
    symlinkSync("gone.yaml", join(goldens, "orphan.yaml"));
    const before = fingerprint(join(root, "golden"));
    const prune = runCli(["golden", "prune", "--delete", "--yes", "--root", root]);
    expect([prune.code, prune.stdout, prune.stderr]).toEqual([2, "", `correx golden: ${goldens}/orphan.yaml: cannot read file: it is a link to a path that does not exist\n`]);
    expect(fingerprint(join(root, "golden"))).toBe(before);
    rmSync(join(goldens, "orphan.yaml"));
    symlinkSync("gone", join(goldens, "pending.yaml.new"));
    const beforeReview = fingerprint(join(root, "golden"));
    const review = runCli(["golden", "review", "--accept-all", "--root", root], { env: { CI: undefined } });
    expect([review.code, review.stderr]).toEqual([2, `correx golden: ${goldens}/pending.yaml.new: cannot read file: it is a link to a path that does not exist\n`]);
    expect(fingerprint(join(root, "golden"))).toBe(beforeReview);
  });
});

describe("golden prune and review never delete or write outside their folders through a linked folder", () => {
  it("prune --delete refuses an orphan reached through a linked folder (exit 2, nothing deleted anywhere); review refuses a pending golden there", () => {
    const root = makeCorpus(["opencode-cli/bash/no-output"]);
    const outside = makeTempDir("correx-outside-corpus-");
    mkdirSync(join(outside, "opencode-cli/bash"), { recursive: true });
    writeFileSync(join(outside, "precious.yaml"), "k: 1\n");
    writeFileSync(join(outside, "opencode-cli/bash/precious-golden.yaml"), "p: 1\n");
    symlinkSync(outside, join(root, "golden/linked-dir"));
    const outsideBefore = fingerprint(outside);
    const goldensBefore = fingerprint(join(root, "golden"));
    const prune = runCli(["golden", "prune", "--delete", "--yes", "--root", root]);
    expect([prune.code, prune.stdout]).toEqual([2, ""]);
    expect(prune.stderr).toMatch(
      /^correx golden prune: \S+\/golden\/linked-dir\/\S+\.yaml is \S+, outside \S+\/golden through a linked folder; prune deletes only inside it \(nothing was deleted: remove the link, or that file by hand\)\n$/,
    );
    expect(prune.stderr).toContain(outside);
    expect(fingerprint(outside)).toBe(outsideBefore);
    expect(fingerprint(join(root, "golden"))).toBe(goldensBefore);
    // listing alone still lists them, as before
    const listing = runCli(["golden", "prune", "--root", root]);
    expect(listing.code).toBe(1);
    expect(listing.stdout).toContain(`orphan ${root}/golden/linked-dir/precious.yaml\n`);

    // review: a pending folder whose profile folder links out
    const pending = makeTempDir("correx-pending-");
    mkdirSync(join(outside, "opencode-cli/bash"), { recursive: true });
    cpSync(golden(root, "opencode-cli/bash/no-output"), join(outside, "opencode-cli/bash/no-output.yaml.new"));
    symlinkSync(join(outside, "opencode-cli"), join(pending, "opencode-cli"));
    const beforeReview = fingerprint(outside);
    const review = runCli(["golden", "review", "--reject-all", "--root", root, "--pending-dir", pending], { env: { CI: undefined } });
    expect(review.code).toBe(2);
    expect(review.stderr).toBe(
      `correx golden review: ${pending}/opencode-cli/bash/no-output.yaml.new is ${outside}/opencode-cli/bash/no-output.yaml.new, outside ${pending} through a linked folder; review changes files only inside it (nothing was changed)\n`,
    );
    expect(fingerprint(outside)).toBe(beforeReview);
  });
});

describe("golden prune refuses to guess (issue 13)", () => {
  it("a root without fixtures/cases, or with no case, is exit 2 and deletes nothing", () => {
    const root = makeCorpus();
    const noCases = makeTempDir();
    cpSync(join(root, "golden"), join(noCases, "golden"), { recursive: true });
    const before = fingerprint(join(noCases, "golden"));
    const missing = runCli(["golden", "prune", "--delete", "--yes", "--root", noCases]);
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([
      2,
      "",
      `correx golden prune: ${noCases}/fixtures/cases does not exist; refusing to call every golden an orphan (is --root right?)\n`,
    ]);
    mkdirSync(join(noCases, "fixtures/cases"), { recursive: true });
    const empty = runCli(["golden", "prune", "--delete", "--yes", "--root", noCases]);
    expect([empty.code, empty.stderr]).toEqual([2, `correx golden prune: ${noCases}/fixtures/cases holds no case; refusing to call every golden an orphan (is --root right?)\n`]);
    expect(fingerprint(join(noCases, "golden"))).toBe(before);
  });

  it("--delete says how many it deletes and needs --yes above 10", () => {
    const root = makeCorpus();
    const orphans = Array.from({ length: 11 }, (_, index) => join(root, "golden", "opencode-cli", "bash", `gone-${String(index).padStart(2, "0")}.yaml`));
    for (const orphan of orphans) writeFileSync(orphan, "correx: golden/1\ncase: gone\nexpected: {}\n");
    const refused = runCli(["golden", "prune", "--delete", "--root", root]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe("correx golden prune: --delete would delete 11 goldens (more than 10); add --yes if that is right\n");
    expect(orphans.every((orphan) => existsSync(orphan))).toBe(true);
    const deleted = runCli(["golden", "prune", "--delete", "--yes", "--root", root]);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout.split("\n")[0]).toBe("deleting 11 goldens without a case");
    expect(orphans.some((orphan) => existsSync(orphan))).toBe(false);
    expect(runCli(["check", "--root", root]).code).toBe(0);
  });
});

describe("report files are written safely (issue 13)", () => {
  const report = (target: string) => runCli(["check", "--root", makeCorpus(["opencode-cli/bash/no-output"]), "--reporter", "pretty", "--reporter", `json=${target}`]);

  it("through a symlink: the link stays, its target gets the report", () => {
    const dir = makeTempDir();
    writeFileSync(join(dir, "real.jsonl"), "old\n");
    symlinkSync("real.jsonl", join(dir, "link.jsonl"));
    expect(report(join(dir, "link.jsonl")).code).toBe(0);
    expect(lstatSync(join(dir, "link.jsonl")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, "link.jsonl"))).toBe("real.jsonl");
    expect(readFileSync(join(dir, "real.jsonl"), "utf8")).toMatch(/^\{"type":"case","id":"opencode-cli\/bash\/no-output"/);
  });

  it("into a FIFO with a reader: written through; without a reader: one line, exit 2", async () => {
    const dir = makeTempDir();
    const fifo = join(dir, "pipe");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "inherit"] });
    let read = "";
    reader.stdout.on("data", (chunk) => (read += chunk));
    const readerDone = new Promise((resolve) => reader.on("close", resolve));
    const run = startCli(["check", "--root", makeCorpus(["opencode-cli/bash/no-output"]), "--reporter", `json=${fifo}`, "--reporter", "pretty"]);
    expect((await run.done).code).toBe(0);
    await readerDone;
    expect(read).toMatch(/^\{"type":"case","id":"opencode-cli\/bash\/no-output"/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    const alone = report(fifo);
    expect([alone.code, alone.stderr]).toEqual([2, `correx check: ${fifo}: cannot write report: a FIFO nobody is reading (ENXIO)\n`]);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("into a character device (made with mknod): written through, the device stays a device", (context) => {
    const dir = makeTempDir();
    const device = join(dir, "null");
    const made = process.getuid?.() === 0 ? spawnSync("mknod", [device, "c", "1", "3"]) : null;
    if (made?.status !== 0) {
      console.log(`skipped: mknod needs root (uid ${process.getuid?.()}): ${made ? String(made.stderr).trim() : "not root"}`);
      context.skip();
      return;
    }
    expect(report(device).code).toBe(0);
    expect(lstatSync(device).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir)).toEqual(["null"]);
  });

  it("a directory is refused with one line", () => {
    const dir = makeTempDir();
    const run = report(dir);
    expect([run.code, run.stderr]).toEqual([2, `correx check: ${dir}: cannot write report: it is a directory\n`]);
  });
});

describe("reviews and updates of one tree are serialised (issue 13)", () => {
  it("while a review holds the tree, a second review or update is refused with one line; a dead holder's lock is taken over", async () => {
    const root = makeCorpus();
    editGoldenBytes(root, "opencode-cli/bash/no-output", 'output: "(no output)"', 'output: "(no output) "');
    runCli(["check", "--root", root]);
    const first = startCli(["golden", "review", "--root", root]);
    await waitFor(() => first.output().includes("accept (a)"), "the first review's prompt");
    const lock = join(root, "golden", ".correx-golden.lock");
    const line = `another correx (pid ${first.child.pid} correx golden review) is changing these goldens (lock ${lock}); run again when it has finished\n`;
    const second = runCli(["golden", "review", "--accept-all", "--root", root]);
    expect([second.code, second.stderr]).toEqual([2, `correx golden review: ${line}`]);
    const update = runCli(["golden", "update", "--root", root]);
    expect([update.code, update.stderr]).toEqual([2, `correx check: ${line}`]);
    first.child.stdin.end("a\n");
    const finished = await first.done;
    expect(finished.stdout).toContain("1 accepted, 0 rejected, 0 skipped");
    expect(existsSync(lock)).toBe(false);
    // a lock left by a process that is gone (kill -9) does not block
    const dead = spawnSync(process.execPath, ["-e", "0"]);
    expect(dead.status).toBe(0);
    writeFileSync(lock, `${dead.pid} correx golden review\n`);
    expect(runCli(["golden", "review", "--accept-all", "--root", root]).stdout).toBe("no pending goldens\n");
  }, 180_000);

  it("two concurrent --accept-all runs never both accept the same files", async () => {
    const root = makeCorpus();
    editGoldenBytes(root, "opencode-cli/bash/no-output", 'output: "(no output)"', 'output: "(no output) "');
    editGoldenBytes(root, "opencode-cli/bash/merged-stdout-stderr", "      ok\n", "      OK\n");
    runCli(["check", "--root", root]);
    expect(pendingFiles(join(root, "golden"))).toHaveLength(2);
    const runs = await Promise.all([startCli(["golden", "review", "--accept-all", "--root", root]).done, startCli(["golden", "review", "--accept-all", "--root", root]).done]);
    const accepted = runs.map((run) => Number(/(\d+) accepted/.exec(run.stdout)?.[1] ?? 0));
    expect(accepted[0] + accepted[1]).toBe(2);
    for (const run of runs) expect(run.code === 0 || (run.code === 2 && /is changing these goldens/.test(run.stderr)), JSON.stringify(run)).toBe(true);
    expect(runCli(["check", "--root", root]).code).toBe(0);
  });

  it("two concurrent golden updates: each finishes or is refused with the lock line, and the golden is written once, whole", async () => {
    const root = makeCorpus();
    const id = "opencode-cli/bash/no-output";
    const original = readFileSync(golden(root, id), "utf8");
    editGoldenBytes(root, id, 'output: "(no output)"', 'output: "(no output) "');
    const runs = await Promise.all([startCli(["golden", "update", "--root", root]).done, startCli(["golden", "update", "--root", root]).done]);
    for (const run of runs)
      expect(run.code === 0 || (run.code === 2 && /^correx check: another correx \(pid \d+ correx check --update always\) is changing these goldens/.test(run.stderr)), JSON.stringify(run)).toBe(true);
    expect(runs.some((run) => run.code === 0)).toBe(true);
    expect(readFileSync(golden(root, id), "utf8")).toBe(original.replace(/^(reviewed: .*)"$/m, '$1; updated by correx golden update (subject: reference)"'));
    expect(readdirSync(join(root, "golden"), { recursive: true }).filter((entry) => String(entry).split("/").pop()!.startsWith("."))).toEqual([]);
  });

  it("temp files a killed run left are removed on the next write in that folder; other dot files stay", () => {
    const root = makeCorpus();
    const folder = join(root, "golden", "opencode-cli", "bash");
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    writeFileSync(join(folder, `.no-output.yaml.${dead}.1.tmp`), "half a golden");
    writeFileSync(join(folder, ".notes.tmp"), "not correx's");
    editGoldenBytes(root, "opencode-cli/bash/no-output", 'output: "(no output)"', 'output: "(no output) "');
    expect(runCli(["golden", "update", "--root", root]).code).toBe(0);
    expect(
      readdirSync(folder)
        .filter((entry) => entry.startsWith("."))
        .sort(),
    ).toEqual([".notes.tmp"]);
  });
});
