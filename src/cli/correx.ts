#!/usr/bin/env node
// Every command. The build bundles this entry into dist/cli/bundle/cli/correx.cjs
// (scripts/bundle-cli.mjs), which the bin (correx.cjs) runs for any command but validate.
import { type Command, runCli } from "./cli-main.js";

const commands: Record<string, () => Promise<Command>> = {
  validate: async () => (await import("./commands/validate-command.js")).validateCommand,
  check: async () => (await import("./commands/check-command.js")).checkCommand,
  format: async () => (await import("./commands/format-command.js")).formatCommand,
  lower: async () => (await import("./commands/lower-command.js")).lowerCommand,
  adapter: async () => (await import("./commands/adapter-command.js")).adapterCommand,
  golden: async () => (await import("./commands/golden-command.js")).goldenCommand,
  serve: async () => (await import("./commands/serve-command.js")).serveCommand,
  gate: async () => (await import("./commands/gate-command.js")).gateCommand,
  profiles: async () => (await import("./commands/profiles-command.js")).profilesCommand,
  "mcp-server": async () => (await import("./commands/mcp-server-command.js")).mcpServerCommand,
  preview: async () => (await import("./commands/preview-command.js")).previewCommand,
  "merge-reports": async () => (await import("./commands/merge-reports-command.js")).mergeReportsCommand,
};

runCli(process.argv.slice(2), commands);
