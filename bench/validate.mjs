// bench/validate: throughput of `correx validate` on 1,000,000 ToolResultParts (JSONL) as a ratio
// to a bare JSON.parse loop over the same file, and the cold start of `correx validate one.json`
// as a ratio to `node -e 0`, and one 32 MB line from a stdin pipe as a ratio to the same bytes as
// a .json file. Run after `npm run build`: node bench/validate.mjs [records]

import { once } from "node:events";
import { createWriteStream, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { compare, dataDir, fmt, median, ratioLine, timeNode } from "./bench-support.mjs";

const records = Number(process.argv[2] ?? 1_000_000);
const cli = new URL("../dist/cli/correx.cjs", import.meta.url).pathname;
const jsonl = `${dataDir}tool-result-parts-${records}.jsonl`;
const one = `${dataDir}one-tool-result-part.json`;

function part(n) {
  switch (n % 4) {
    case 0:
      return {
        type: "tool-result",
        id: `call_${n}`,
        name: "bash",
        result: {
          type: "content",
          value: [
            { type: "text", text: `line ${n}\n` },
            { type: "text", text: "Command exited with code 0." },
          ],
        },
      };
    case 1:
      return {
        type: "tool-result",
        id: `call_${n}`,
        name: "read",
        result: { type: "json", value: { uri: `file:///w/f${n}.ts`, name: `f${n}.ts`, content: "export const x = 1;\n", encoding: "utf8", mime: "text/plain" } },
      };
    case 2:
      return { type: "tool-result", id: `call_${n}`, name: "write", result: { type: "text", value: `Wrote file successfully: f${n}.ts` } };
    default:
      return {
        type: "tool-result",
        id: `call_${n}`,
        name: "edit",
        result: { type: "error", value: "Could not find oldString in the file. It must match exactly, including whitespace and indentation." },
        providerExecuted: false,
      };
  }
}

if (!existsSync(jsonl)) {
  const out = createWriteStream(jsonl);
  let buffer = "";
  for (let n = 0; n < records; n++) {
    buffer += JSON.stringify(part(n)) + "\n";
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, "drain");
      buffer = "";
    }
  }
  out.end(buffer);
  await once(out, "finish");
}
writeFileSync(one, JSON.stringify(part(0), null, 2));

const baselineScript = `const fs=require("fs");const t=fs.readFileSync(process.argv[1],"utf8");let s=0,n=0;for(let e=t.indexOf("\\n");e!==-1;e=t.indexOf("\\n",s)){const l=t.slice(s,e);s=e+1;if(l)JSON.parse(l),n++}console.log(n)`;
const check = timeNode([cli, "validate", jsonl]);
if (check.status !== 0) throw new Error(`correx validate failed: ${check.stdout}${check.stderr}`);

console.log(`bench/validate — ${records} ToolResultParts, ${(statSync(jsonl).size / 1e6).toFixed(0)} MB JSONL (node ${process.version})`);
const throughput = compare(
  3,
  () => timeNode([cli, "validate", jsonl]).ms,
  () => timeNode(["-e", baselineScript, jsonl]).ms,
);
console.log(ratioLine("  throughput: correx validate file.jsonl vs bare JSON.parse loop", throughput.a, throughput.b, 1.2));
console.log(`  (${(((records / throughput.a) * 1000) / 1e6).toFixed(2)} M records/s)`);
const cold = compare(
  21,
  () => timeNode([cli, "validate", one]).ms,
  () => timeNode(["-e", "0"]).ms,
);
console.log(ratioLine("  cold start: correx validate one.json vs node -e 0", cold.a, cold.b, 1.3));

// One 32 MB line (no newline): read from a stdin pipe it must cost no more than the same bytes as
// a .json file (the line reader once re-scanned the whole held line on every 64 KiB chunk: a 16 MB
// line took 17.9 s on stdin against 1.2 s as a file). The record is malformed at its last byte,
// so both runs read and parse all of it, then refuse it (exit 2).
const singleLine = `${dataDir}single-line-32mb.json`;
if (!existsSync(singleLine)) {
  const head = '{"type":"tool-result","id":"call_1","name":"bash","result":{"type":"text","value":"';
  writeFileSync(singleLine, head + "x".repeat(32_000_000 - head.length - 3) + '"}x');
}
const lineBytes = readFileSync(singleLine);
const refused = (run) => {
  if (run.status !== 2) throw new Error(`expected exit 2, got ${run.status}: ${run.stderr}`);
  return run.ms;
};
const stdinRun = () => refused(timeNode([cli, "validate", "-"], { stdio: ["pipe", "pipe", "pipe"], input: lineBytes }));
const fileRun = () => refused(timeNode([cli, "validate", singleLine]));
const single = compare(3, stdinRun, fileRun);
console.log(ratioLine(`  single line: ${(lineBytes.length / 1e6).toFixed(0)} MB one-line record from stdin vs the same bytes as file.json (refused)`, single.a, single.b, 2));
const over = Buffer.concat([lineBytes, Buffer.alloc(3_000_000, 120)]);
const overMs = median(
  [0, 1, 2].map(() => {
    const run = timeNode([cli, "validate", "-"], { stdio: ["pipe", "pipe", "pipe"], input: over });
    if (run.status !== 2 || !run.stderr.includes("over the 33554432 byte limit")) throw new Error(`expected the size refusal: ${run.stderr}`);
    return run.ms;
  }),
);
console.log(`  single line over the limit: ${(over.length / 1e6).toFixed(0)} MB from stdin refused in ${fmt(overMs)} (was 73 s for 34 MB)`);
