#!/usr/bin/env node
// The bin. CommonJS on purpose: node starts a CommonJS main without its ES module loader (~20
// internal modules). `validate` runs the CommonJS bundle of correx-validate.ts (one copy of every
// module it needs, built by scripts/bundle-validate.mjs); every other command, the full ES module
// CLI (correx.ts). Both share cli-main.ts, so output and exit codes are the same either way.
// The command is found as cli-main.ts finds it: the first argument before `--` that is not --debug.
const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const name = (split === -1 ? argv : argv.slice(0, split)).find((arg) => arg !== "--debug");
if (name === "validate") require("./bundle/correx-validate.cjs");
else import("./correx.js");
