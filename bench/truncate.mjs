// Benchmark of opencode-core truncation (ToolOutputStore.bound, spec §3.2). Not a test: it prints
// figures and never fails by time.
//
//   npm run build && node --expose-gc bench/truncate.mjs [--dist DIR] [--stream-mb 1024] [--real-store]
//
// 1. bound on 1 MB and 100 MB outputs (many short lines, one huge line, mostly multi-byte text),
//    as a ratio to a bare newline-count scan (Buffer.indexOf(10) loop) over the same bytes, both
//    measured in this run. The store is an in-memory stub (saving is I/O, timed separately with
//    --real-store).
// 2. Peak RSS of the streaming variant on a generated stream (default 1 GiB, 64 KiB chunks) above
//    the idle process, measured in a child process so earlier allocations do not count.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};
const dist = resolve(option("--dist", new URL("../dist", import.meta.url).pathname));
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const { boundToolOutput } = await load("profiles/opencode-core/truncate/core-output-bound.js");
const { boundToolOutputStream } = await load("profiles/opencode-core/truncate/core-output-bound-stream.js");
const { createOutputStore } = await load("output-store/output-store-node.js");
const limits = { maxLines: 2000, maxBytes: 51200 };

/** A line of about 60 bytes; `multi` makes it mostly 3-byte characters. */
function line(i, multi) {
  return multi ? `${i}: 日本語のテキストと記号—正確な切り詰め ✓ 行番号付き\n` : `${String(i).padStart(8, "0")}: the quick brown fox jumps over the dog\n`;
}

function generate(shape, size) {
  if (shape === "one huge line") return Buffer.alloc(size, "a");
  const multi = shape === "mostly multi-byte text";
  const parts = [];
  let bytes = 0;
  for (let i = 0; bytes < size; i++) {
    const text = line(i, multi);
    parts.push(text);
    bytes += Buffer.byteLength(text);
  }
  return Buffer.from(parts.join("")).subarray(0, size);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(samples);
}

function scan(buffer) {
  let count = 0;
  for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) count++;
  return count;
}

async function boundFigures() {
  const stub = { write: () => "/tmp/tool-output/tool_0000000000000000000000000" };
  const dir = args.includes("--real-store") ? mkdtempSync(join(tmpdir(), "correx-bench-")) : undefined;
  console.log("bound (§3.2) vs newline-count scan, median of runs, ms");
  console.log("shape                    size     scan ms   bound ms  ratio" + (dir ? "   bound+save ms" : ""));
  for (const size of [1 << 20, 100 << 20]) {
    for (const shape of ["many short lines", "one huge line", "mostly multi-byte text"]) {
      const buffer = generate(shape, size);
      const text = buffer.toString("utf8");
      const output = { structured: {}, content: [{ type: "text", text }] };
      const runs = size > 1 << 20 ? 7 : 41;
      time(() => scan(buffer), 3);
      time(() => boundToolOutput(output, limits, stub), 3);
      const scanMs = time(() => scan(buffer), runs);
      const boundMs = time(() => boundToolOutput(output, limits, stub), runs);
      let saved = "";
      if (dir) {
        const store = createOutputStore(dir);
        saved = `   ${time(() => boundToolOutput(output, limits, store), 3)
          .toFixed(2)
          .padStart(10)}`;
      }
      const label = `${size >> 20} MB`;
      console.log(`${shape.padEnd(24)} ${label.padEnd(8)} ${scanMs.toFixed(3).padStart(8)} ${boundMs.toFixed(3).padStart(10)}  ${(boundMs / scanMs).toFixed(3).padStart(5)}×${saved}`);
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Child: stream `mb` MiB through boundToolOutputStream and report RSS figures. */
async function streamChild(mb, realStore) {
  globalThis.gc?.();
  await new Promise((done) => setTimeout(done, 50));
  const idle = process.memoryUsage().rss;
  const idleMaxRss = process.resourceUsage().maxRSS * 1024;
  const chunkSize = 64 << 10;
  const pattern = Buffer.from(Array.from({ length: 4096 }, (_, i) => line(i, i % 3 === 0)).join(""));
  const total = mb << 20;
  let peak = idle;
  async function* chunks() {
    for (let sent = 0, i = 0; sent < total; sent += chunkSize, i++) {
      const start = (i * 7919) % (pattern.length - chunkSize);
      // A fresh copy each time, as a process pipe would deliver it.
      yield Uint8Array.prototype.slice.call(pattern, start, start + Math.min(chunkSize, total - sent));
      if (i % 4 === 0) peak = Math.max(peak, process.memoryUsage.rss());
    }
  }
  const dir = realStore ? mkdtempSync(join(tmpdir(), "correx-stream-")) : undefined;
  let written = 0;
  const store = dir
    ? createOutputStore(dir)
    : {
        write: () => "/tmp/tool-output/tool_x",
        open: () => ({ path: "/tmp/tool-output/tool_x", append: (chunk) => void (written += chunk.length), close: () => "/tmp/tool-output/tool_x", abort() {} }),
      };
  const start = process.hrtime.bigint();
  const outcome = await boundToolOutputStream(chunks(), { limits, after: () => ["Command exited with code 0."] }, store);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  peak = Math.max(peak, process.memoryUsage().rss);
  if (dir) rmSync(dir, { recursive: true, force: true });
  const maxRss = process.resourceUsage().maxRSS * 1024;
  process.send({ idle, idleMaxRss, peak, maxRss, ms, previewBytes: Buffer.byteLength(outcome.output.content[0].text), written });
}

if (process.env.CORREX_BENCH_CHILD) {
  await streamChild(Number(process.env.CORREX_BENCH_CHILD), args.includes("--real-store"));
} else {
  await boundFigures();
  const mb = Number(option("--stream-mb", "1024"));
  const child = fork(new URL(import.meta.url).pathname, args, { env: { ...process.env, CORREX_BENCH_CHILD: String(mb) }, execArgv: ["--expose-gc"] });
  const result = await new Promise((done, fail) => {
    child.once("message", done);
    child.once("error", fail);
  });
  const mib = (bytes) => (bytes / (1 << 20)).toFixed(1);
  console.log(`\nstreaming bound on a ${mb} MiB generated stream (64 KiB chunks${args.includes("--real-store") ? ", real file store" : ", discarding writer"})`);
  console.log(
    `idle RSS ${mib(result.idle)} MiB; peak RSS sampled ${mib(result.peak)} MiB (+${mib(result.peak - result.idle)}); process maxRSS ${mib(result.idleMaxRss)} MiB at idle, ${mib(result.maxRss)} MiB after (+${mib(result.maxRss - result.idle)} over idle RSS); ${(result.ms / 1000).toFixed(2)} s; preview ${result.previewBytes} bytes`,
  );

  // The opencode-cli side of the same benchmark (issue 4): Truncate.output and the bash tail.
  console.log("");
  process.env.CORREX_BENCH_CLI_DIR = join(dist, "profiles/opencode-cli/");
  await import("./truncate-cli.mjs");
}
