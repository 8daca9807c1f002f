// The wire bodies of the lowering golden corpus (golden/<profile>/lower/**), generators expanded.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import YAML from "yaml";
import { InputError, isDirectory, readText } from "./read-input.mjs";
import { PROTOCOLS } from "./wire-fragments.mjs";

/**
 * The generators of case and golden files (design: case and golden files), as
 * src/golden/expand-generators.ts expands them: an object whose only key is `$repeat`, `$lines`
 * or `$concat` becomes the string it describes. A copy, so this script runs without a build;
 * test/provider-specs-corpus.test.ts checks it agrees with the source.
 */
export function expandGenerators(value, path = "") {
  if (Array.isArray(value)) return value.map((item, index) => expandGenerators(item, `${path}/${index}`));
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0].startsWith("$")) return expandGenerator(keys[0], value[keys[0]], path);
  return Object.fromEntries(keys.map((key) => [key, expandGenerators(value[key], `${path}/${key}`)]));
}

function expandGenerator(name, spec, path) {
  const fail = (message) => {
    throw new InputError(`${path || "/"}: ${name}: ${message}`);
  };
  const isObject = spec !== null && typeof spec === "object" && !Array.isArray(spec);
  switch (name) {
    case "$repeat":
      if (!isObject || typeof spec.text !== "string" || !Number.isInteger(spec.count) || spec.count < 0) fail("expects {text, count}");
      return spec.text.repeat(spec.count);
    case "$lines": {
      if (!isObject || !Number.isInteger(spec.from) || !Number.isInteger(spec.to)) fail("expects {from, to, template?, separator?}");
      const template = spec.template ?? "{n}";
      const separator = spec.separator ?? "\n";
      const lines = [];
      for (let n = spec.from; n <= spec.to; n += 1) lines.push(template.replaceAll("{n}", String(n)));
      return lines.join(separator);
    }
    case "$concat":
      if (!Array.isArray(spec)) fail("expects an array");
      return spec
        .map((part, index) => {
          const expanded = expandGenerators(part, `${path}/$concat/${index}`);
          return typeof expanded === "string" ? expanded : fail(`part ${index} is not a string`);
        })
        .join("");
    default:
      return fail("unknown generator (known: $repeat, $lines, $concat)");
  }
}

function yamlFiles(dir) {
  if (!isDirectory(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : /\.ya?ml$/.test(entry.name) ? [join(dir, entry.name)] : []));
}

/**
 * Every body of the lowering golden corpus: the `expected` bodies of golden/<profile>/lower/**,
 * one per protocol, generators expanded. An expected `{error}` (the profile refuses the history)
 * has no body; those are counted as `refusals`.
 * @returns {{ bodies: { file: string, protocol: string, body: unknown }[], refusals: number }}
 */
export function goldenBodies(goldenRoot) {
  const bodies = [];
  let refusals = 0;
  const profiles = isDirectory(goldenRoot) ? readdirSync(goldenRoot).sort() : [];
  for (const profile of profiles) {
    for (const file of yamlFiles(join(goldenRoot, profile, "lower"))) {
      let golden;
      try {
        golden = YAML.parse(readText(file), { uniqueKeys: true, strict: true });
      } catch (error) {
        throw new InputError(`${file}: not YAML: ${error.message}`);
      }
      const expected = golden?.expected;
      if (expected === null || typeof expected !== "object") throw new InputError(`${file}: no expected bodies`);
      for (const [protocol, value] of Object.entries(expected)) {
        if (!PROTOCOLS.includes(protocol)) throw new InputError(`${file}: unknown protocol ${protocol}`);
        if (value !== null && typeof value === "object" && Object.keys(value).length === 1 && typeof value.error === "string") {
          refusals += 1;
          continue;
        }
        bodies.push({ file, protocol, body: expandGenerators(value) });
      }
    }
  }
  return { bodies, refusals };
}
