// bench/check: time of `correx check` over the corpus, and over a generated 10× corpus, as a
// ratio to just parsing the same YAML files (the floor: every case and golden must be read).
// Run after `npm run build`: node bench/check.mjs
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { compare, dataDir, ratioLine, timeNode } from "./bench-support.mjs";

const repo = new URL("../", import.meta.url).pathname;
const cli = join(repo, "dist/cli/correx.js");

/** A corpus root holding `copies` copies of the real corpus under distinct ids. */
function corpusTimes(copies) {
  const root = join(dataDir, `corpus-x${copies}`);
  rmSync(root, { recursive: true, force: true });
  for (const profile of readdirSync(join(repo, "fixtures/cases"))) {
    for (let copy = 0; copy < copies; copy++) {
      const suffix = copies === 1 ? "" : `/copy-${copy}`;
      for (const folder of ["fixtures/cases", "golden"]) {
        mkdirSync(join(root, folder, profile), { recursive: true });
        for (const area of readdirSync(join(repo, folder, profile))) {
          cpSync(join(repo, folder, profile, area), join(root, folder, profile, `${area}${suffix}`), {
            recursive: true,
            filter: (source) => !source.endsWith(".new"),
          });
        }
      }
    }
  }
  // ids change with the copy folder: rewrite each golden's `case:` line to match
  if (copies > 1) {
    const { readFileSync, writeFileSync } = await_fs;
    for (const entry of readdirSync(join(root, "golden"), { recursive: true })) {
      if (!entry.endsWith(".yaml")) continue;
      const path = join(root, "golden", entry);
      writeFileSync(path, readFileSync(path, "utf8").replace(/^case: .*$/m, `case: ${entry.replace(/\.yaml$/, "")}`));
    }
  }
  return root;
}

import * as await_fs from "node:fs";

const parseFloor = `
const { readFileSync, readdirSync } = require("fs");
const { parse } = require(${JSON.stringify(join(repo, "node_modules/yaml"))});
let n = 0;
for (const folder of ["fixtures/cases", "golden"]) {
  const base = process.argv[1] + "/" + folder;
  for (const entry of readdirSync(base, { recursive: true })) {
    if (!entry.endsWith(".yaml")) continue;
    parse(readFileSync(base + "/" + entry, "utf8"), { uniqueKeys: true });
    n++;
  }
}
console.log(n);`;

console.log(`bench/check (node ${process.version})`);
for (const copies of [1, 10]) {
  const root = corpusTimes(copies);
  const probe = timeNode([cli, "check", "--root", root, "--update", "no", "--reporter", "json"]);
  const summary = JSON.parse(probe.stdout.trim().split("\n").pop());
  if (probe.status === 2) throw new Error(probe.stderr);
  const rounds = copies === 1 ? 5 : 3;
  const { a, b } = compare(
    rounds,
    () => timeNode([cli, "check", "--root", root, "--update", "no", "--reporter", "json"]).ms,
    () => timeNode(["-e", parseFloor, root]).ms,
  );
  console.log(ratioLine(`  ${copies}× corpus (${summary.total} cases): correx check vs parsing its YAML`, a, b, 2));
}
