// What examples/agents/reference-agent.mjs needs, in one module: the build bundles it as CommonJS
// (scripts/bundle-cli.mjs, dist/cli/bundle/cli/reference-agent-entry.cjs), so the reference agent starts
// without node's ES module loader and one file per module (issue 32: the agent correx gate's
// --jobs benchmark runs once per scenario).
export { createOutputStore } from "../output-store/output-store-node.js";
export { profiles } from "../profiles/profile-registry.js";
export { runReferenceLoop } from "./loop-run.js";
