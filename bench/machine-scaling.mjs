// What two cores of this machine give for three kinds of work, each measured as one loop alone
// against two copies of it at once: plain computation, starting processes, and touching fresh
// memory (which the kernel must map page by page). The throughput of two at once over one alone
// is 2× where the work scales; the gate's scenarios are mostly the latter two kinds (an agent, a
// sandbox and its node worker started per scenario), so their scaling bounds what --jobs 2 can buy.
import { spawn } from "node:child_process";

const loops = {
  // a small working set, no system calls
  compute: "let x = 0; for (let i = 0; i < 1.5e8; i++) x = (x + i * 7) % 1000003; if (x < 0) console.log(x);",
  // what each scenario does several times: fork and exec a small program, then wait for it
  "process starts": 'const { spawnSync } = require("node:child_process"); for (let i = 0; i < 150; i++) spawnSync("/bin/true");',
  // what every process start does: map fresh memory and touch each page of it
  "fresh memory": "for (let i = 0; i < 100; i++) Buffer.alloc(8 << 20).fill(1);",
};

/** The wall time of `copies` node processes running `code` at once, in ms. */
function runAtOnce(code, copies) {
  const started = process.hrtime.bigint();
  return Promise.all(
    Array.from(
      { length: copies },
      () =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, ["-e", code], { stdio: "ignore" });
          child.on("error", reject);
          child.on("close", (status) => (status === 0 ? resolve() : reject(new Error(`a machine-scaling loop exited ${status}`))));
        }),
    ),
  ).then(() => Number(process.hrtime.bigint() - started) / 1e6);
}

/**
 * For each kind of work: the throughput of two loops at once over one alone (alternated, the best
 * of `rounds` of each: the least disturbed). Returns [{ kind, ratio }].
 */
export async function machineScaling(rounds = 3) {
  const rows = [];
  for (const [kind, code] of Object.entries(loops)) {
    await runAtOnce(code, 1); // warm the page cache and the binary
    const one = [];
    const two = [];
    for (let round = 0; round < rounds; round++) {
      one.push(await runAtOnce(code, 1));
      two.push(await runAtOnce(code, 2));
    }
    rows.push({ kind, ratio: (2 * Math.min(...one)) / Math.min(...two) });
  }
  return rows;
}
