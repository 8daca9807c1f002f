import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { killProcessTree, processDescendants } from "./gate-process-tree.js";

/** Running (a zombie waiting for its parent to reap it counts as gone). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
};

describe.skipIf(!existsSync("/proc/self/stat"))("killProcessTree", () => {
  it("kills a grandchild that left the agent's process group", async () => {
    // sh (group leader) → detached node that prints its pid and sleeps in a group of its own
    const agent = spawn("sh", ["-c", `${JSON.stringify(process.execPath)} -e "require('child_process').spawn('sleep', ['30'], { detached: true, stdio: 'ignore' }); setTimeout(() => {}, 30000)"; sleep 30`], {
      detached: true,
      stdio: "ignore",
    });
    let grandchildren: number[] = [];
    for (let i = 0; i < 100 && grandchildren.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      grandchildren = processDescendants(agent.pid!);
    }
    expect(grandchildren.length).toBe(2);
    killProcessTree(agent.pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([agent.pid!, ...grandchildren].filter(alive)).toEqual([]);
  });
});
