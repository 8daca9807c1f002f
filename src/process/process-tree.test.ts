import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listProcessTree, listMarkedProcesses as processesMarked } from "./list-processes.js";
import { createProcessTree, PROCESS_TREE_VARIABLE } from "./process-tree.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `script` under sh in a new tree, waits until `count` marked processes run (the script's own shell excluded when it has exited). */
async function startTree(script: string, count: number) {
  const tree = createProcessTree();
  const child = spawn("sh", ["-c", script], { detached: true, stdio: "ignore", env: tree.env(process.env) });
  tree.attach(child.pid);
  let marked: number[] = [];
  for (let i = 0; i < 100 && marked.length < count; i++) {
    await sleep(50);
    marked = processesMarked(tree.marker);
  }
  return { tree, child, marked };
}

describe.skipIf(!existsSync("/proc/self/stat"))("createProcessTree (§ process hygiene)", () => {
  it("kills a grandchild that left the leader's process group while its parent lives", async () => {
    const { tree, child, marked } = await startTree(
      `${JSON.stringify(process.execPath)} -e "require('child_process').spawn('sleep', ['30'], { detached: true, stdio: 'ignore' }); setTimeout(() => {}, 30000)"; sleep 30`,
      3,
    );
    expect(marked).toHaveLength(3);
    expect(listProcessTree(child.pid!, tree.marker).sort()).toEqual([...marked].sort());
    tree.kill();
    await sleep(100);
    expect(processesMarked(tree.marker)).toEqual([]);
  });

  it("kills a grandchild that called setsid after its parent exited (re-parented, new session)", async () => {
    // sh exits at once; its background subshell waits, then execs setsid into a session of its own.
    const { tree, marked } = await startTree("(sleep 0.3; exec setsid sleep 30) & exit 0", 1);
    await sleep(500);
    const escapee = processesMarked(tree.marker);
    expect(escapee).toHaveLength(1);
    expect(readFileSync(`/proc/${escapee[0]}/cmdline`, "latin1")).toBe("sleep\u000030\u0000");
    expect(marked.length).toBeGreaterThan(0);
    tree.kill();
    await sleep(100);
    expect(processesMarked(tree.marker)).toEqual([]);
  });

  it("kills a double-forked daemon (parent exited, grandchild re-parented)", async () => {
    const { tree } = await startTree("(sleep 30 &); exit 0", 1);
    await sleep(200);
    expect(processesMarked(tree.marker)).toHaveLength(1);
    expect(tree.kill().length).toBeGreaterThan(0);
    await sleep(100);
    expect(processesMarked(tree.marker)).toEqual([]);
  });

  it("a nested tree keeps the outer marker: the outer kill finds the inner tree's processes", () => {
    const outer = createProcessTree();
    const inner = createProcessTree();
    const env = inner.env(outer.env({ PATH: "/usr/bin" }));
    expect(env[PROCESS_TREE_VARIABLE]).toBe(`${outer.marker}:${inner.marker}`);
  });

  it("never lists correx itself or its ancestors, even when they carry the marker", () => {
    const marker = process.env[PROCESS_TREE_VARIABLE];
    expect(listProcessTree(process.pid, marker ?? "no-marker")).not.toContain(process.pid);
    expect(listProcessTree(process.pid, marker ?? "no-marker")).not.toContain(process.ppid);
  });
});
