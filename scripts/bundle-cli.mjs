// After tsc: bundles the CLI's entries and everything they load (eagerly or lazily, node_modules
// packages left to require) into CommonJS files, which the bin (dist/cli/correx.cjs) runs: a
// CommonJS main starts without node's ES module loader and reads one file per chunk instead of
// one per module (issue 32: validate's cold start, check's start-up in the main thread and in each
// of its worker lanes, the reference agent's start once per gate scenario). Two builds:
// - dist/cli/bundle/: `correx-validate` alone (validate, the leanest start: built with no other
//   entry, what it loads at start is one file, not a chunk per module it shares with them);
// - dist/cli/bundle/cli/: `correx` (every command), `check-worker` (a lane of check) and
//   `reference-agent-entry` (what examples/agents/reference-agent.mjs runs);
// - dist/sandbox/bundle/: the scripts node runs inside a sandbox, `sandbox-worker` (a replay's, once
//   per scenario: 0.07–0.08 s to start instead of 0.10–0.11 s) and `loopback-bridge` (--sandbox).
// Each module's `import.meta.url` stays the URL of its own file under dist/, so paths it resolves
// from there (package root, fixtures, the check worker) are the same as unbundled.
import { readFileSync, rmSync } from "node:fs";
import { relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { rolldown } from "rolldown";

const root = new URL("../", import.meta.url).pathname;

/** A package and every package it depends on, by name. */
function withDependencies(name, into = new Set()) {
  if (into.has(name)) return into;
  into.add(name);
  const manifest = JSON.parse(readFileSync(`${root}node_modules/${name}/package.json`, "utf8"));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) withDependencies(dependency, into);
  return into;
}
const inlined = withDependencies("msw");
const packageName = (id) =>
  id
    .split("/")
    .slice(0, id.startsWith("@") ? 2 : 1)
    .join("/");
const bundles = `${root}dist/cli/bundle`;

const sandboxBundles = `${root}dist/sandbox/bundle`;
export async function bundleCli() {
  rmSync(bundles, { recursive: true, force: true });
  rmSync(sandboxBundles, { recursive: true, force: true });
  // the scripts node runs inside a sandbox, once per replayed scenario (sandbox-layout.ts sandboxScript)
  await bundle({ "sandbox-worker": `${root}dist/sandbox/sandbox-worker.js`, "loopback-bridge": `${root}dist/sandbox/loopback-bridge.js` }, sandboxBundles);
  await bundle({ "correx-validate": `${root}dist/cli/correx-validate.js` }, bundles);
  await bundle(
    {
      correx: `${root}dist/cli/correx.js`,
      "check-worker": `${root}dist/cli/check-worker.js`,
      "reference-agent-entry": `${root}dist/loop/reference-agent-entry.js`,
    },
    `${bundles}/cli`,
  );
  return pathToFileURL(bundles).href;
}

async function bundle(input, out) {
  const warnings = [];
  const build = await rolldown({
    input,
    platform: "node",
    // packages are the user's installed dependencies, as for the ES module CLI; but msw and what it
    // loads are bundled in (node would load msw's ES modules through its ES module loader)
    external: (id) => id.startsWith("node:") || (/^[a-z@]/i.test(id) && !inlined.has(packageName(id))),
    onLog: (level, log) => warnings.push(`${level}: ${log.message}`),
    plugins: [
      {
        name: "own-import-meta-url",
        transform(code, id) {
          if (!code.includes("import.meta.url")) return null;
          // the chunk's own file is under `out`: the module's URL relative to the chunk's
          // (a binding of its own, so no `require` the module declares can shadow it)
          const own = JSON.stringify(relative(out, id).split(sep).map(encodeURIComponent).join("/"));
          const url = `new URL(${own}, __correxPathToFileURL(__filename)).href`;
          return `import { pathToFileURL as __correxPathToFileURL } from "node:url";\n${code.replaceAll("import.meta.url", url)}`;
        },
      },
    ],
  });
  await build.write({ dir: out, format: "cjs", entryFileNames: "[name].cjs", chunkFileNames: "[name]-[hash].cjs" });
  await build.close();
  const serious = warnings.filter((line) => !line.includes("INEFFECTIVE_DYNAMIC_IMPORT"));
  if (serious.length > 0) throw new Error(`bundling the correx CLI (${Object.keys(input).join(", ")}):\n${serious.join("\n")}`);
}
