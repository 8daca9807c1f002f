// After tsc: bundles dist/cli/correx-validate.js and everything it loads (eagerly or lazily,
// node_modules packages left to require) into CommonJS files under dist/cli/bundle/, which the bin
// (dist/cli/correx.cjs) runs for `correx validate`: a CommonJS main starts without node's ES module
// loader and reads one file instead of one per module (issue 32, bench/validate cold start).
// Each module's `import.meta.url` stays the URL of its own file under dist/, so paths it resolves
// from there (package root, fixtures) are the same as unbundled.
import { rmSync } from "node:fs";
import { relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { rolldown } from "rolldown";

const root = new URL("../", import.meta.url).pathname;
const out = `${root}dist/cli/bundle`;

export async function bundleValidate() {
  rmSync(out, { recursive: true, force: true });
  const warnings = [];
  const bundle = await rolldown({
    input: { "correx-validate": `${root}dist/cli/correx-validate.js` },
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
  if (serious.length > 0) throw new Error(`bundling correx validate:\n${serious.join("\n")}`);
  return pathToFileURL(out).href;
}
