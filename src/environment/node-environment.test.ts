import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { commandBytes } from "../profiles/environment-port.js";
import type { EnvironmentFact } from "./environment-fact.js";
import { createNodeEnvironment } from "./node-environment.js";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the facts-only environment on a real machine (design: observations)", () => {
  it("merged stderr keeps the program's own interleaving; the exact environment is passed; facts are recorded", async () => {
    dir = makeTempDir("correx-env-");
    const facts: EnvironmentFact[] = [];
    const environment = createNodeEnvironment({ workspace: dir, agentEnv: {}, record: (fact) => facts.push(fact) });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
    const run = await environment.run({ file: "/bin/sh", args: ["-c", 'printf a; printf b >&2; printf c; printf "%s" "${HOME-unset}"'], cwd: dir, env: {}, stderr: "merged" });
    expect(new TextDecoder().decode(commandBytes(run))).toBe("abcunset");
    expect(run.exitCode).toBe(0);
    expect(facts.map((fact) => fact.kind)).toEqual(["command-ran"]);
  });
  it("separate pipes tag each chunk with its stream; a deadline kills the command and says so", async () => {
    dir = makeTempDir("correx-env-");
    const environment = createNodeEnvironment({ workspace: dir });
    const run = await environment.run({ file: "/bin/sh", args: ["-c", "printf out; printf err >&2"], cwd: dir, env: {} });
    expect(new TextDecoder().decode(commandBytes(run, "stdout"))).toBe("out");
    expect(new TextDecoder().decode(commandBytes(run, "stderr"))).toBe("err");
    const slow = await environment.run({ file: "/bin/sh", args: ["-c", "sleep 5"], cwd: dir, env: {}, timeoutMs: 100 });
    expect([slow.timedOut, slow.exitCode]).toEqual([true, null]);
    const missing = await environment.run({ file: "/no/such/program", args: [], cwd: dir, env: {} });
    expect(missing.spawnError?.failure).toBe("ENOENT");
  });
  it("paths, listings and writes are facts: links and their targets, errno codes", async () => {
    dir = makeTempDir("correx-env-");
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "f.txt"), "abc");
    symlinkSync(join(dir, "sub"), join(dir, "link"));
    symlinkSync(join(dir, "gone"), join(dir, "dangling"));
    const environment = createNodeEnvironment({ workspace: dir });
    expect(await environment.stat(join(dir, "f.txt"))).toMatchObject({ kind: "file", symlink: false, size: 3 });
    expect(await environment.stat(join(dir, "link"))).toMatchObject({ kind: "directory", symlink: true });
    expect(await environment.stat(join(dir, "dangling"))).toEqual({ kind: "missing", symlink: true });
    const listing = await environment.listDirectory(dir);
    expect(Array.isArray(listing) ? [...listing].sort((a, b) => a.name.localeCompare(b.name)) : listing).toEqual([
      { name: "dangling", kind: "symlink", targetKind: "missing" },
      { name: "f.txt", kind: "file" },
      { name: "link", kind: "symlink", targetKind: "directory" },
      { name: "sub", kind: "directory" },
    ]);
    expect(await environment.writeFile(join(dir, "f.txt", "below"), new Uint8Array([1]))).toMatchObject({ failure: "ENOTDIR" });
    expect(await environment.writeFile(join(dir, "a", "b.txt"), new Uint8Array([1]), { parents: true })).toBeNull();
    expect(await environment.readFile(join(dir, "sub"))).toMatchObject({ failure: "EISDIR" });
  });
});

describe("directory order", () => {
  it("lists sorted by name by default (as Node's readdir), and in the directory's own order on request (as ls -U, readdir(3))", async () => {
    dir = makeTempDir("correx-env-");
    const names = [".env.example", ".env.local", "notes.txt", "notes.rst", "zeta.md", "alpha", "Mid", "b"];
    for (const name of names) writeFileSync(join(dir, name), "x");
    const environment = createNodeEnvironment({ workspace: dir });
    const sorted = await environment.listDirectory(dir);
    expect(Array.isArray(sorted) && sorted.map((entry) => entry.name)).toEqual([...names].sort());
    const raw = await environment.listDirectory(dir, { order: "directory" });
    const ls = await environment.run({ file: "/bin/ls", args: ["-U", "-A"], cwd: dir, env: {} });
    expect(Array.isArray(raw) && raw.map((entry) => entry.name)).toEqual(new TextDecoder().decode(commandBytes(ls, "stdout")).trim().split("\n"));
  });
});

describe("live sessions (startSession)", () => {
  const text = (chunks: { bytes: Uint8Array }[]) => chunks.map((chunk) => new TextDecoder().decode(chunk.bytes)).join("");

  it("reads a running program piece by piece, then its end", async () => {
    const dir = makeTempDir("correx-env-");
    const environment = createNodeEnvironment({ workspace: dir });
    const session = environment.startSession!({ file: "/bin/sh", args: ["-c", "echo a; sleep 0.5; echo b; exit 4"], cwd: dir, env: { PATH: process.env.PATH ?? "" } });
    const first = await session.read(200);
    expect(text(first.chunks)).toBe("a\n");
    expect(first.ended).toBeNull();
    const second = await session.read(5000);
    expect(text(second.chunks)).toBe("b\n");
    expect(second.ended).toEqual({ exitCode: 4, signal: null });
    expect(await session.read(10)).toEqual({ chunks: [], ended: { exitCode: 4, signal: null } });
  });

  it("reports a program that cannot start, and stdin is closed", async () => {
    const dir = makeTempDir("correx-env-");
    const environment = createNodeEnvironment({ workspace: dir });
    const missing = await environment.startSession!({ file: "/bin/sh", args: ["-c", "true"], cwd: join(dir, "nope"), env: {} }).read(1000);
    expect(missing.spawnError?.failure).toBe("ENOENT");
    const reading = environment.startSession!({ file: "/bin/sh", args: ["-c", "read line; echo [$line] $?"], cwd: dir, env: {} });
    expect(text((await reading.read(5000)).chunks)).toBe("[] 1\n");
  });

  it("runs a terminal session on a pseudo-terminal of the given size: \\r\\n, one stream, stdin open for write, the exact environment, a signal death kept apart from an exit code", async () => {
    const dir = makeTempDir("correx-env-");
    const environment = createNodeEnvironment({ workspace: dir });
    const terminal = { rows: 24, cols: 80 };
    const env = { PATH: process.env.PATH ?? "", ONLY: "this" };
    const shown = environment.startSession!({
      file: "/bin/sh",
      args: ["-c", "printf 'a\\nb\\n'; stty size; echo err >&2; env | sort | grep -v '^PWD=' | tr '\\n' ' '; exit 3"],
      cwd: dir,
      env,
      terminal,
    });
    const ended = await shown.read(10000);
    expect(text(ended.chunks)).toBe("a\r\nb\r\n24 80\r\nerr\r\nONLY=this PATH=" + env.PATH + " ");
    expect(ended.ended).toEqual({ exitCode: 3, signal: null });
    const reading = environment.startSession!({ file: "/bin/sh", args: ["-c", "read x; echo got:$x"], cwd: dir, env, terminal });
    expect((await reading.read(300)).ended).toBeNull();
    await reading.write!(new TextEncoder().encode("hello\n"));
    const answer = await reading.read(10000);
    expect(text(answer.chunks)).toBe("hello\r\ngot:hello\r\n");
    expect(answer.ended).toEqual({ exitCode: 0, signal: null });
    const killed = await environment.startSession!({ file: "/bin/sh", args: ["-c", "kill -TERM $$"], cwd: dir, env, terminal }).read(10000);
    expect(killed.ended).toEqual({ exitCode: null, signal: "SIGTERM" });
    const exit143 = await environment.startSession!({ file: "/bin/sh", args: ["-c", "exit 143"], cwd: dir, env, terminal }).read(10000);
    expect(exit143.ended).toEqual({ exitCode: 143, signal: null });
  });

  it("a ^C typed as soon as a terminal session starts reaches the program, not its parent; the parent's status pipe is not inherited", async () => {
    const dir = makeTempDir("correx-env-");
    const environment = createNodeEnvironment({ workspace: dir });
    const terminal = { rows: 24, cols: 80 };
    const env = { PATH: process.env.PATH ?? "" };
    const sleeping = environment.startSession!({ file: "/bin/sh", args: ["-c", "sleep 5"], cwd: dir, env, terminal });
    await sleeping.write!(new TextEncoder().encode("\u0003"));
    const interrupted = await sleeping.read(10000);
    expect(text(interrupted.chunks)).toBe("^C");
    expect(interrupted.ended).toEqual({ exitCode: null, signal: "SIGINT" });
    const fds = await environment.startSession!({ file: "/bin/sh", args: ["-c", "test -e /proc/$$/fd/3 && echo leak || echo none"], cwd: dir, env, terminal }).read(10000);
    expect(text(fds.chunks)).toBe("none\r\n");
  });
});
