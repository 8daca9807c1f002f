// bench/flood-memory: peak memory of `correx serve` and `correx gate` under a request flood (issue
// 24: bodies were all kept, 20 × 30 MB → 1.5 GB). 20 requests of 30 MB each are sent at once;
// the peak resident set (VmHWM) of the correx process is compared with that of a plain node HTTP
// server that reads each body whole and drops it, flooded the same way in the same run.
//
// Run after `npm run build`: node bench/flood-memory.mjs [--count N] [--mb M] [--cli PATH]
// (--cli points at another build's bin, dist/cli/correx.cjs, to compare builds). Linux only (/proc).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = new URL("../", import.meta.url).pathname;
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const count = Number(option("--count", "20"));
const megabytes = Number(option("--mb", "30"));
const cli = option("--cli", join(repo, "dist/cli/correx.cjs"));

if (!existsSync("/proc/self/status")) {
  console.log("bench/flood-memory: skipped (needs /proc)");
  process.exit(0);
}

/** Peak resident set of a live process, in MiB (VmHWM). */
const peakMiB = (pid) => {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** A chat request of about `bytes` bytes whose user message holds `prompt` (so the fake answers its first turn). */
const body = (bytes, prompt) => JSON.stringify({ model: "m", stream: false, messages: [{ role: "user", content: `${prompt} ${"x".repeat(bytes)}` }] });

/** Sends `count` bodies to `url` at once; resolves when every one is answered (or failed). */
const flood = (url, payload) =>
  Promise.all(
    Array.from({ length: count }, () =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: payload })
        .then((response) => response.arrayBuffer().then(() => response.status))
        .catch((error) => `error ${error.cause?.code ?? error.message}`),
    ),
  );

/** Starts `argv`, waits for its first stdout line (a URL), and returns the child and that line. */
async function startPrinting(args, env = process.env) {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"], env });
  const line = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.split("\n")[0].trim());
    });
    child.on("exit", (code) => reject(new Error(`exited ${code} before printing its URL`)));
  });
  return { child, line };
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });

const payload = body(megabytes * 1024 * 1024, "flood");
console.log(`bench/flood-memory (node ${process.version}): ${count} requests × ${megabytes} MiB at once; peak RSS (VmHWM)`);

// Baseline: a server that reads a body whole and drops it.
const baselineScript = `require("node:http").createServer((q, s) => { const c = []; q.on("data", (d) => c.push(d)); q.on("end", () => { Buffer.concat(c); s.end("{}"); }); }).listen(0, "127.0.0.1", function () { console.log("http://127.0.0.1:" + this.address().port); });`;
const baseline = await startPrinting(["-e", baselineScript]);
const baselineStatuses = await flood(baseline.line, payload);
const baselinePeak = peakMiB(baseline.child.pid);
await stop(baseline.child);
console.log(`baseline (a plain node server reading each body whole): ${baselinePeak.toFixed(0)} MiB (answers: ${summary(baselineStatuses)})`);

// correx serve.
const serve = await startPrinting([cli, "serve", "--protocol", "openai-chat"]);
const serveStatuses = await flood(`${serve.line}/v1/chat/completions`, payload);
const servePeak = peakMiB(serve.child.pid);
await stop(serve.child);
console.log(`correx serve: ${servePeak.toFixed(0)} MiB = ${(servePeak / baselinePeak).toFixed(2)}× baseline (answers: ${summary(serveStatuses)})`);

// correx gate: an agent that floods the fake with the scenario's own prompt, then answers the script.
const dir = mkdtempSync(join(tmpdir(), "correx-bench-flood-"));
try {
  const agent = join(dir, "flood-agent.mjs");
  writeFileSync(
    agent,
    `const url = process.env.CORREX_BASE_URL + "/v1/chat/completions";
const payload = JSON.stringify({ model: process.env.CORREX_MODEL, stream: false, messages: [{ role: "user", content: process.env.CORREX_PROMPT + " " + "x".repeat(${megabytes * 1024 * 1024}) }] });
await Promise.all(Array.from({ length: ${count} }, () => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: payload }).then((r) => r.arrayBuffer())));
`,
  );
  const scenario = join(dir, "flood.yaml");
  writeFileSync(scenario, "name: flood\nspec: §2.1\nprompt: Say done.\nturns:\n  - text: Done.\n");
  const gate = spawn(process.execPath, [cli, "gate", "--profile", "opencode-cli", "--protocol", "openai-chat", "--scenario", scenario, "--reporter", "json", "--", "node", agent], {
    stdio: ["ignore", "ignore", "ignore"],
  });
  let gatePeak = 0;
  const poll = setInterval(() => {
    try {
      const peak = peakMiB(gate.pid);
      if (Number.isFinite(peak)) gatePeak = Math.max(gatePeak, peak); // a zombie's status has no VmHWM
    } catch {}
  }, 20);
  const code = await new Promise((resolve) => gate.on("exit", resolve));
  clearInterval(poll);
  console.log(`correx gate: ${gatePeak.toFixed(0)} MiB = ${(gatePeak / baselinePeak).toFixed(2)}× baseline (exit ${code})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function summary(statuses) {
  const counts = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return Object.entries(counts)
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");
}
