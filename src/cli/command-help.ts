/** Help texts of the commands correx dispatches, loaded on demand (a command's module is loaded only to print its help). */
export const commandHelp: Record<string, () => Promise<string>> = {
  check: async () => (await import("./commands/check-command.js")).checkHelp,
  validate: async () => (await import("./commands/validate-command.js")).validateHelp,
  format: async () => (await import("./commands/format-command.js")).formatHelp,
  lower: async () => (await import("./commands/lower-command.js")).lowerHelp,
  adapter: async () => (await import("./commands/adapter-command.js")).adapterHelp,
  golden: async () => (await import("./commands/golden-command.js")).goldenHelp,
  "golden update": async () => goldenUpdateHelp,
  "golden review": async () => goldenReviewHelp,
  "golden prune": async () => goldenPruneHelp,
  serve: async () => (await import("./commands/serve-command.js")).serveHelp,
  gate: async () => (await import("./commands/gate-command.js")).gateHelp,
  profiles: async () => (await import("./commands/profiles-command.js")).profilesHelp,
  "mcp-server": async () => (await import("./commands/mcp-server-command.js")).mcpServerHelp,
  preview: async () => (await import("./commands/preview-command.js")).previewHelp,
  "merge-reports": async () => (await import("./commands/merge-reports-command.js")).mergeReportsHelp,
};

const goldenUpdateHelp = `usage: correx golden update [check options]

Runs 'npx correx check' with the reference and --update always: every golden that differs is edited in
place (only the changed values; comments, key order and generators stay). Refused under CI.
Another subject needs --write-corpus-from-subject. Takes every 'npx correx check' option
('npx correx help check'), --root DIR among them.`;

const goldenReviewHelp = `usage: correx golden review [--accept-all | --reject-all] [--root DIR] [--pending-dir DIR [--write-corpus-from-subject]]

Walks the pending <case>.yaml.new files under DIR/golden/ like 'cargo insta review': a diff per
change, then accept, reject or skip. On a terminal single keys (a r s A R d ? q); otherwise one
answer a line from stdin. Refused under CI.

  --accept-all   accept every pending file
  --reject-all   reject (delete) every pending file
  --root DIR     corpus root holding golden/ (default: correx's own corpus)
  --pending-dir DIR
                 review what 'check --pending-dir DIR' wrote (DIR/<case id>.yaml.new) against the
                 goldens under --root; accepting a file another subject than the reference produced
                 needs --write-corpus-from-subject (it makes that subject's output the spec)`;

const goldenPruneHelp = `usage: correx golden prune [--delete [--yes]] [--root DIR]

Lists goldens under DIR/golden/ that no case under DIR/fixtures/cases/ references (exit 1 when
there are any). Refuses a root without cases, and filtered or sharded selections.

  --delete       delete them (nothing is deleted under CI)
  --yes          needed to delete more than 10
  --root DIR     corpus root holding fixtures/cases/ and golden/ (default: correx's own corpus)`;
