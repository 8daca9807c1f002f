// After tsc: copy the generated JavaScript validators into dist/ and make the CLI executable.
import { chmodSync, cpSync, existsSync } from "node:fs";

const root = new URL("../", import.meta.url).pathname;
cpSync(root + "src/generated/validators", root + "dist/generated/validators", {
  recursive: true,
  filter: (source) => !source.endsWith(".d.ts") || true,
});
if (existsSync(root + "dist/cli/correx.js")) chmodSync(root + "dist/cli/correx.js", 0o755);
