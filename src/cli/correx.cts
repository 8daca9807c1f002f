#!/usr/bin/env node
// The bin. CommonJS on purpose: node starts a CommonJS main without its ES module loader (~20
// internal modules), and the build bundles the CLI into CommonJS chunks (scripts/bundle-cli.mjs,
// dist/cli/bundle/), one file per chunk instead of one per module. `validate` runs the bundle of
// correx-validate.ts (only what validate needs); every other command, the bundle of correx.ts
// (dist/cli/bundle/cli/).
// Both share cli-main.ts, so output and exit codes are the same either way, and the same as the
// ES module CLI (dist/cli/correx.js) the bundles are made from.
// The command is found as cli-main.ts finds it: the first argument before `--` that is not --debug.
const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const name = (split === -1 ? argv : argv.slice(0, split)).find((arg) => arg !== "--debug");
if (name === "validate") require("./bundle/correx-validate.cjs");
else require("./bundle/cli/correx.cjs");
