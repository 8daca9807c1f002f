// After tsc: copy the generated JavaScript validators into dist/, bundle the validate command for
// the bin (bundle-validate.mjs) and make the CLI executable.
import { chmodSync, cpSync, existsSync } from "node:fs";
import { bundleValidate } from "./bundle-validate.mjs";

const root = new URL("../", import.meta.url).pathname;
cpSync(root + "src/generated/validators", root + "dist/generated/validators", {
  recursive: true,
  filter: (source) => !source.endsWith(".d.ts") || true,
});
await bundleValidate();
for (const bin of ["dist/cli/correx.cjs", "dist/cli/correx.js"]) if (existsSync(root + bin)) chmodSync(root + bin, 0o755);
