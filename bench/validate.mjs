// bench/validate: throughput of `correx validate` on 1,000,000 ToolResultParts (JSONL) as a ratio
// to a bare JSON.parse loop over the same file, and the cold start of `correx validate one.json`
// as a ratio to `node -e 0`. Run after `npm run build`: node bench/validate.mjs [records]
import { createWriteStream, existsSync, statSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { compare, dataDir, ratioLine, timeNode } from "./bench-support.mjs";

const records = Number(process.argv[2] ?? 1_000_000);
const cli = new URL("../dist/cli/correx.js", import.meta.url).pathname;
const jsonl = `${dataDir}tool-result-parts-${records}.jsonl`;
const one = `${dataDir}one-tool-result-part.json`;

function part(n) {
  switch (n % 4) {
    case 0:
      return { type: "tool-result", id: `call_${n}`, name: "bash", result: { type: "content", value: [{ type: "text", text: `line ${n}\n` }, { type: "text", text: "Command exited with code 0." }] } };
    case 1:
      return { type: "tool-result", id: `call_${n}`, name: "read", result: { type: "json", value: { uri: `file:///w/f${n}.ts`, name: `f${n}.ts`, content: "export const x = 1;\n", encoding: "utf8", mime: "text/plain" } } };
    case 2:
      return { type: "tool-result", id: `call_${n}`, name: "write", result: { type: "text", value: `Wrote file successfully: f${n}.ts` } };
    default:
      return { type: "tool-result", id: `call_${n}`, name: "edit", result: { type: "error", value: "Could not find oldString in the file. It must match exactly, including whitespace and indentation." }, providerExecuted: false };
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
const throughput = compare(3, () => timeNode([cli, "validate", jsonl]).ms, () => timeNode(["-e", baselineScript, jsonl]).ms);
console.log(ratioLine("  throughput: correx validate file.jsonl vs bare JSON.parse loop", throughput.a, throughput.b, 1.5));
console.log(`  (${((records / throughput.a) * 1000 / 1e6).toFixed(2)} M records/s)`);
const cold = compare(21, () => timeNode([cli, "validate", one]).ms, () => timeNode(["-e", "0"]).ms);
console.log(ratioLine("  cold start: correx validate one.json vs node -e 0", cold.a, cold.b, 1.5));
