import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import type { Profile } from "../../profiles/profile.js";
import { listProfiles } from "../../profiles/profile-registry.js";
import type { CommandIo } from "../command-io.js";
import { packageRoot } from "../package-root.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { unknownProfileError } from "../unknown-profile.js";
import { UsageError } from "../usage-error.js";

export const profilesHelp = `usage: correx profiles [--reporter pretty|table|json] [PROFILE...]

Lists every profile (or the ones named) as the profiles themselves declare it: the agent and its
package, the pinned version and the range of versions its end-to-end suite passed, the protocols
it speaks, the schema of its tool result, the history forms 'correx lower' takes, and each tool
the agent declares with its status: modelled, or unsupported with the rule that is not.
--reporter table prints one line a profile; json one JSON object a profile, one a line.`;

/** What `correx profiles` says of one profile, as data (the json reporter prints it as it is). */
export interface ProfileSummary {
  id: string;
  agent: string;
  package: string | null;
  version: string;
  verified: { from: string; to: string };
  evidence: string;
  protocols: string[];
  result: string | null;
  historyForms: string[];
  driver: { command: string[]; configTemplate: string | null; model: string | null } | null;
  tools: { name: string; status: "modelled" | "unsupported"; reason?: string }[];
}

/** The summary of a profile, read from the profile object only. */
export function summarizeProfile(profile: Profile): ProfileSummary {
  const driver = profile.agent.driver;
  return {
    id: profile.id,
    agent: profile.agent.name,
    package: profile.agent.package ?? null,
    version: profile.version,
    verified: { ...profile.versions.verified },
    evidence: profile.versions.evidence,
    protocols: [...profile.protocols],
    result: profile.resultKind ?? null,
    historyForms: Object.keys(profile.history.forms),
    driver: driver ? { command: [...driver.command], configTemplate: driver.configTemplate ?? null, model: driver.model ?? null } : null,
    tools: profile.tools.map((tool) => ({ name: tool.name, status: tool.status, ...(tool.reason === undefined ? {} : { reason: tool.reason }) })),
  };
}

/**
 * A file of the correx package as the reader types it from `cwd`: `examples/…` in a clone's root,
 * `node_modules/correx/examples/…` in a project that installed correx, the absolute path from elsewhere.
 * Anything else (a program on PATH, an option) is left as it is.
 */
export function packagePathFrom(cwd: string, root: string = packageRoot): (path: string) => string {
  return (path) => {
    if (path.startsWith("/") || path.startsWith("-") || !existsSync(join(root, path))) return path;
    const fromCwd = relative(cwd, join(root, path));
    return fromCwd.startsWith("../") ? join(root, path) : fromCwd; // outside the folder typed in: the absolute path
  };
}

/** The pretty report of one profile: a heading, its facts, then one line a tool; `packagePath` says how the reader names the package's files. */
export function renderProfileSummary(summary: ProfileSummary, packagePath: (path: string) => string = (path) => path): string {
  const modelled = summary.tools.filter((tool) => tool.status === "modelled").length;
  const range = summary.verified.from === summary.verified.to ? summary.verified.from : `${summary.verified.from} – ${summary.verified.to}`;
  const width = Math.max(...summary.tools.map((tool) => tool.name.length), 4);
  const lines = [
    `${summary.id}: ${summary.agent} ${summary.version}${summary.package ? ` (npm ${summary.package})` : ""}`,
    `  verified    ${range}`,
    `  protocols   ${summary.protocols.join(", ")}`,
    `  result      ${summary.result === null ? "(no schema)" : packagePath(`schemas/${summary.result}.json`)}`,
    `  lower from  ${summary.historyForms.join(", ")}`,
    ...(summary.driver ? [`  gate with   ${[...summary.driver.command.map(packagePath), ...(summary.driver.model ? [`(--model ${summary.driver.model})`] : [])].join(" ")}`] : []),
    `  tools       ${modelled} of ${summary.tools.length} modelled`,
    ...summary.tools.map((tool) => `    ${tool.name.padEnd(width)}  ${tool.status}${tool.reason ? `: ${tool.reason}` : ""}`),
  ];
  return lines.join("\n");
}

/** The table report: one Markdown row a profile (the README's profile table is this output). */
export function renderProfileTable(summaries: readonly ProfileSummary[]): string {
  const rows = summaries.map((summary) => {
    const range = summary.verified.from === summary.verified.to ? summary.verified.from : `${summary.verified.from} – ${summary.verified.to}`;
    const modelled = summary.tools.filter((tool) => tool.status === "modelled");
    const unsupported = summary.tools.length - modelled.length;
    const tools = `${modelled.map((tool) => tool.name).join(", ")}${unsupported > 0 ? ` (${unsupported} more unsupported)` : ""}`;
    return `| \`${summary.id}\` | ${summary.agent} | ${summary.version} | ${range} | ${summary.protocols.join(", ")} | ${summary.result === null ? "—" : `\`schemas/${summary.result}.json\``} | ${tools} |`;
  });
  return ["| profile | agent | pinned | verified | protocols | result | modelled tools |", "| --- | --- | --- | --- | --- | --- | --- |", ...rows].join("\n");
}

/** `correx profiles`: see profilesHelp. */
export async function profilesCommand(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArgs("profiles", args, {
    reporter: { type: "string", default: "pretty" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(profilesHelp + "\n");
    return 0;
  }
  const reporter = String(values.reporter);
  if (reporter !== "pretty" && reporter !== "table" && reporter !== "json") throw new UsageError(`correx profiles: --reporter must be pretty, table or json, found "${reporter}"`);
  const all = listProfiles();
  const unknown = positionals.find((id) => !all.some((profile) => profile.id === id));
  if (unknown !== undefined) throw unknownProfileError("profiles", unknown, { flag: "profile" });
  const chosen = positionals.length === 0 ? all : all.filter((profile) => positionals.includes(profile.id));
  const summaries = chosen.map(summarizeProfile);
  const text =
    reporter === "json"
      ? summaries.map((summary) => JSON.stringify(summary)).join("\n")
      : reporter === "table"
        ? renderProfileTable(summaries)
        : summaries.map((summary) => renderProfileSummary(summary, packagePathFrom(process.cwd()))).join("\n\n");
  io.out(text + "\n");
  return 0;
}
