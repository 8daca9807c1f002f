// bench/truncate-cli: opencode-cli Truncate.output (§3.1, head and tail) and the bash tail (§2.1)
// on 1 MB and 100 MB outputs of three shapes, each as a ratio to the two counts §3.1 needs, done
// the simplest way Node offers: a bare Buffer.indexOf(10) newline count over the same bytes plus
// Buffer.byteLength of the string (the byte budget's `removed = total − kept` needs the whole
// text's UTF-8 length; a newline count alone made the one-huge-line rows a ratio to one memchr),
// measured in the same run (medians of alternating rounds).
// The strings are decoded before timing; the output store is a no-op (file I/O is not measured).
// Run after `npm run build`:  node bench/truncate-cli.mjs [module dir]
//   (module dir defaults to dist/profiles/opencode-cli; pass another tsc outDir to bench a build
//   of that folder alone). Prints; never fails.
import { pathToFileURL } from "node:url";
import { compare, ratioLine } from "./bench-support.mjs";

const moduleDir = process.env.CORREX_BENCH_CLI_DIR ?? process.argv[2] ?? new URL("../dist/profiles/opencode-cli/", import.meta.url).pathname;
const load = (name) => import(pathToFileURL(`${moduleDir.replace(/\/?$/, "/")}${name}`).href);
const { truncateOutput } = await load("truncate/truncate-output.js");
const { truncateBashTail } = await load("truncate/truncate-bash-tail.js");
const { utf8Length } = await load("../../text/utf8-length.js");

const TARGET = 3;
const store = { write: () => "/dev/null/tool_bench" };

function newlineScan(bytes) {
  let count = 0;
  let from = 0;
  for (;;) {
    const index = bytes.indexOf(10, from);
    if (index === -1) return count;
    count++;
    from = index + 1;
  }
}

/** `size` bytes of a repeated unit (the last repetition cut on a character boundary). */
function build(size, unit) {
  const bytes = Buffer.alloc(size, unit);
  let end = size;
  while (end > 0 && (bytes[end - 1] & 0xc0) === 0x80) end--;
  if (end > 0 && bytes[end - 1] >= 0xc0) end--;
  return bytes.subarray(0, end);
}

const shapes = [
  ["many short lines", "line 12345 of the output\n"],
  ["one huge line", "x"],
  ["mostly multi-byte", "日本語のテキスト行、ééé — ✓ données 😀\n"],
];

const time = (fn) => {
  const started = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
};

let sink = 0;
const worst = [];
for (const [size, label, rounds] of [
  [1 << 20, "1 MB", 101],
  [100 << 20, "100 MB", 5],
]) {
  for (const [shape, unit] of shapes) {
    const bytes = build(size, unit);
    const text = bytes.toString("utf8");
    const runs = {
      "Truncate.output head": () => (sink += truncateOutput(text, {}, store).content.length),
      "Truncate.output tail": () => (sink += truncateOutput(text, { direction: "tail" }, store).content.length),
      "bash tail": () => (sink += truncateBashTail(text, 2000, 51200).text.length),
    };
    const baseline = () => time(() => (sink += newlineScan(bytes) + Buffer.byteLength(text, "utf8")));
    for (const [name, run] of Object.entries(runs)) {
      const { a, b } = compare(rounds, () => time(run), baseline);
      worst.push(a / b);
      console.log(ratioLine(`${label} ${shape}, ${name}`, a, b, TARGET));
    }
    // Truncate.output must count the whole text's UTF-8 bytes whenever the byte budget stops it
    // (§3.1 step 5: removed = total − kept). These lines time correx's count alone, against the
    // newline count alone and against the baseline above (no target; for reading the rows above).
    const floor = compare(
      rounds,
      () => time(() => (sink += utf8Length(text))),
      () => time(() => (sink += newlineScan(bytes))),
    );
    console.log(ratioLine(`${label} ${shape}, utf8Length of the string vs the newline count alone`, floor.a, floor.b));
    const counted = compare(rounds, () => time(() => (sink += utf8Length(text))), baseline);
    console.log(ratioLine(`${label} ${shape}, utf8Length of the string vs the baseline`, counted.a, counted.b));
  }
}
console.log(`worst ratio ${Math.max(...worst).toFixed(2)}× (checksum ${sink})`);
