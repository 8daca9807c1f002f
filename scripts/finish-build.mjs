// After tsc: copy the generated JavaScript validators into dist/, bundle the CLI for the bin
// (bundle-cli.mjs) and make the CLI executable.
import { chmodSync, cpSync, existsSync } from "node:fs";
import { bundleCli } from "./bundle-cli.mjs";

const root = new URL("../", import.meta.url).pathname;
cpSync(root + "src/generated/validators", root + "dist/generated/validators", {
  recursive: true,
  filter: (source) => !source.endsWith(".d.ts") || true,
});
await bundleCli();
for (const bin of ["dist/cli/correx.cjs", "dist/cli/correx.js"]) if (existsSync(root + bin)) chmodSync(root + bin, 0o755);
