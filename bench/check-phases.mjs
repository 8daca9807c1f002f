// bench/check-phases: where `correx check`'s time goes, phase by phase, in one process, each as a
// ratio to the floor measured in the same run (parsing every case and golden YAML file once).
// Makes the 10× corpus under bench/.data/ when it is missing (as bench/check.mjs does):
//   node bench/check-phases.mjs [corpus root]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { loadCases, loadGolden } from "../dist/conformance/load-corpus.js";
import { createReferenceSubject } from "../dist/conformance/reference-subject.js";
import { runCase } from "../dist/conformance/run-case.js";
import { nodeGoldenPort } from "../dist/golden/node-golden-port.js";
import { benchCorpus, dataDir, fmt, load } from "./bench-support.mjs";

const root = process.argv[2] ?? benchCorpus(10);
if (!existsSync(join(root, "fixtures/cases"))) throw new Error(`${root} has no fixtures/cases`);
const time = async (run) => {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
};

const parseAll = () => {
  for (const folder of ["fixtures/cases", "golden"]) {
    for (const entry of readdirSync(join(root, folder), { recursive: true })) {
      if (entry.endsWith(".yaml")) parse(readFileSync(join(root, folder, entry), "utf8"), { uniqueKeys: true });
    }
  }
};
const cold = await time(parseAll); // the parser's first pass also warms it up for the phases below
const floor = await time(parseAll);
const location = { casesRoot: join(root, "fixtures/cases"), goldenRoot: join(root, "golden") };
const cases = await time(() => loadCases(nodeGoldenPort, location));
const goldens = await time(async () => {
  const out = [];
  for (const testCase of cases.value) out.push(await loadGolden(nodeGoldenPort, location, testCase.id));
  return out;
});
const subject = await createReferenceSubject();
const runs = await time(async () => {
  for (let index = 0; index < cases.value.length; index++) {
    await runCase(cases.value[index], goldens.value[index], subject, { outputDir: join(dataDir, "phase-output"), timeoutMs: 60_000 });
  }
});
await subject.close();
const row = (label, ms) => console.log(`  ${label.padEnd(58)} ${fmt(ms).padStart(9)}  ${(ms / floor.ms).toFixed(2)}× floor`);
console.log(`bench/check-phases (node ${process.version}, load average ${load()}): ${cases.value.length} cases in ${root}`);
row("floor, cold (first pass, as a fresh process sees it)", cold.ms);
row("floor: parse every case and golden YAML file (warm)", floor.ms);
row("load cases (parse, schema-check, generators checked)", cases.ms);
row("load goldens (parse, schema-check, generators expanded)", goldens.ms);
row("run every case on the reference and compare", runs.ms);
row("sum of the phases", cases.ms + goldens.ms + runs.ms);
