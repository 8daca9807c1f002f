// After tsc: bundles the CLI's entries and everything they load (eagerly or lazily, node_modules
// packages left to require) into CommonJS files under dist/cli/bundle/, which the bin
// (dist/cli/correx.cjs) runs: a CommonJS main starts without node's ES module loader and reads one
// file per chunk instead of one per module (issue 32: validate's cold start, check's start-up in
// the main thread and in each of its worker lanes). Entries: `correx` (every command),
// `correx-validate` (validate alone, the leanest start), `check-worker` (a lane of check) and
// `reference-agent-entry` (what examples/agents/reference-agent.mjs runs, once per gate scenario).
// Each module's `import.meta.url` stays the URL of its own file under dist/, so paths it resolves
// from there (package root, fixtures) are the same as unbundled.
import { rmSync } from "node:fs";
import { relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { rolldown } from "rolldown";

const root = new URL("../", import.meta.url).pathname;
const out = `${root}dist/cli/bundle`;

export async function bundleCli() {
  rmSync(out, { recursive: true, force: true });
  const warnings = [];
  const bundle = await rolldown({
    input: {
      correx: `${root}dist/cli/correx.js`,
      "correx-validate": `${root}dist/cli/correx-validate.js`,
      "check-worker": `${root}dist/cli/check-worker.js`,
      "reference-agent-entry": `${root}dist/loop/reference-agent-entry.js`,
    },
    platform: "node",
    // packages are the user's installed dependencies, as for the ES module CLI
    external: (id) => id.startsWith("node:") || /^[a-z@]/i.test(id),
    onLog: (level, log) => warnings.push(`${level}: ${log.message}`),
    plugins: [
      {
        name: "own-import-meta-url",
        transform(code, id) {
          if (!code.includes("import.meta.url")) return null;
          // the chunk's own file is under dist/cli/bundle/: the module's URL relative to the chunk's
          // (a binding of its own, so no `require` the module declares can shadow it)
          const own = JSON.stringify(relative(out, id).split(sep).map(encodeURIComponent).join("/"));
          const url = `new URL(${own}, __correxPathToFileURL(__filename)).href`;
          return `import { pathToFileURL as __correxPathToFileURL } from "node:url";\n${code.replaceAll("import.meta.url", url)}`;
        },
      },
    ],
  });
  await bundle.write({ dir: out, format: "cjs", entryFileNames: "[name].cjs", chunkFileNames: "[name]-[hash].cjs" });
  await bundle.close();
  const serious = warnings.filter((line) => !line.includes("INEFFECTIVE_DYNAMIC_IMPORT"));
  if (serious.length > 0) throw new Error(`bundling the correx CLI:\n${serious.join("\n")}`);
  return pathToFileURL(out).href;
}
