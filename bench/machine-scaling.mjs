// What two cores of this machine give for two kinds of work, each measured as one loop alone
// against two copies of it at once: plain computation and starting processes. The throughput of
// two at once over one alone is 2× where the work scales; a scenario starts a dozen processes (an
// agent and its commands, a sandbox and its node worker), so their scaling bounds what --jobs 2
// can buy. (A loop touching fresh memory was tried too: 0.5–6.5× from one run to the next here.)
import { spawn } from "node:child_process";

const loops = {
  // a small working set, no system calls
  compute: "let x = 0; for (let i = 0; i < 1.5e8; i++) x = (x + i * 7) % 1000003; if (x < 0) console.log(x);",
  // what each scenario does several times: fork and exec a small program, then wait for it
  "process starts": 'const { spawnSync } = require("node:child_process"); for (let i = 0; i < 150; i++) spawnSync("/bin/true");',
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
 * of `rounds` of each: the least disturbed; a loop of under a second moves by half from one run to
 * the next here). Returns [{ kind, ratio }].
 */
export async function machineScaling(rounds = 5) {
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
