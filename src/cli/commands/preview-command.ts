import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError } from "../../input/input-error.js";
import { MAX_RECORD_BYTES } from "../../input/input-limits.js";
import { locateJsonPointer } from "../../input/locate-json-pointer.js";
import { parseJsonRecord } from "../../input/parse-json-record.js";
import { readTextFileAtMost } from "../../input/read-text-file.js";
import { textPosition } from "../../input/text-position.js";
import { createOutputStore } from "../../output-store/output-store-node.js";
import { createTempOutputDirectory } from "../../output-store/temp-output-directory.js";
import { findNonBase64Content } from "../../preview/find-non-base64-content.js";
import { previewMcpResult } from "../../preview/preview-mcp-result.js";
import { PREVIEW_TARGETS } from "../../preview/preview-targets.js";
import { renderPreviewHtml } from "../../preview/render-preview-html.js";
import { renderPreviewText } from "../../preview/render-preview-text.js";
import { writeHtmlReport } from "../../report/write-html-report.js";
import { escapeControl } from "../../text/escape-control.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { unknownProfileError } from "../unknown-profile.js";
import { UsageError } from "../usage-error.js";

export const previewHelp = `usage: correx preview --tool FILE|JSON --result FILE|- [--input JSON] [--server NAME] [--profile P]... [--reporter text|json|html=DIR]

What each agent's model gets for one MCP tool result: every profile on every protocol its agent
speaks formats the CallToolResult with its MCP rules and lowers it. Per row: the tool name the
model sees, the text (its size and a token estimate, bytes / 4), the attachments, and what became
of each content item and of structuredContent: kept, attached, truncated!, replaced!, dropped!,
sent, duplicated!. Profiles whose MCP rules are not modelled say so.
--tool: the tool as tools/list returns it (name, inputSchema, outputSchema…), a file or inline JSON.
--result: the CallToolResult, a file or - for stdin. --input: the call's arguments (default {}).
--server: the server's name in the agents' config (default server).
--reporter json: one JSON line per row (text and wire elements included).
--reporter html=DIR: DIR/index.html (every row, what agents drop, replace, truncate or duplicate
highlighted) and a page per agent with the whole text and the wire elements; the summary lines
are printed as with text.`;

/** `correx preview`: see previewHelp. */
export async function previewCommand(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArgs("preview", args, {
    tool: { type: "string" },
    result: { type: "string" },
    input: { type: "string" },
    server: { type: "string" },
    profile: { type: "string", multiple: true },
    reporter: { type: "string", default: "text" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(previewHelp + "\n");
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`correx preview: unexpected argument "${positionals[0]}"`);
  if (values.tool === undefined || values.result === undefined) throw new UsageError("correx preview: --tool and --result are required");
  const reporter = String(values.reporter);
  const htmlDir = reporter.startsWith("html=") ? reporter.slice("html=".length) : null;
  if (htmlDir === "") throw new UsageError("correx preview: --reporter html=DIR needs a folder");
  if (reporter !== "text" && reporter !== "json" && htmlDir === null) throw new UsageError(`correx preview: unknown --reporter "${reporter}"; known: text, json, html=DIR`);
  const declaration = jsonObject("--tool", String(values.tool), true).value;
  if (typeof declaration.name !== "string" || declaration.name === "") throw new UsageError("correx preview: --tool: the declaration needs a string `name`");
  const resultInput = jsonObject("--result", String(values.result), false);
  const result = resultInput.value;
  if (!Array.isArray(result.content)) throw new UsageError("correx preview: --result: a CallToolResult needs a `content` array");
  // Refused before any profile formats it: one that decodes the base64 would fail midway.
  const nonBase64 = findNonBase64Content(result.content);
  if (nonBase64) {
    const { line, column } = textPosition(resultInput.text, locateJsonPointer(resultInput.text, nonBase64.pointer));
    throw new InputError(`${nonBase64.pointer}: ${nonBase64.message}`, resultInput.file, line, column);
  }
  const input = values.input === undefined ? {} : jsonObject("--input", String(values.input), true).value;
  const profiles = (values.profile as string[] | undefined) ?? [];
  const known = [...new Set(PREVIEW_TARGETS.map((target) => target.profile))];
  for (const profile of profiles) if (!known.includes(profile as never)) throw unknownProfileError("preview", profile, { known });
  const targets = profiles.length === 0 ? PREVIEW_TARGETS : PREVIEW_TARGETS.filter((target) => profiles.includes(target.profile));
  const output = createTempOutputDirectory(join(tmpdir(), "correx-preview-"));
  try {
    const rows = previewMcpResult({ declaration, result, input, server: values.server === undefined ? undefined : String(values.server), targets }, createOutputStore(output.path));
    // An agent's text may name where it saved a full output: here, a folder that lives as long as this command.
    const savedNote = rows.some((row) => row.text.includes(output.path)) ? `correx preview: ${output.path}/… (where an agent says it saved a full output) is removed when preview ends\n` : "";
    if (reporter === "json") {
      for (const row of rows) io.out(`${JSON.stringify(row)}\n`);
    } else {
      const items = (result.content as unknown[]).length;
      const header = `correx preview: tool "${declaration.name}" of server "${values.server ?? "server"}": ${items} content item${items === 1 ? "" : "s"}${result.structuredContent === undefined ? "" : ", structuredContent"}${result.isError === true ? ", isError" : ""}`;
      if (htmlDir !== null) {
        writeHtmlReport(htmlDir, renderPreviewHtml(rows, header));
        io.out(`${escapeControl(header, true)}\ncorrex preview: wrote ${htmlDir}/index.html and ${new Set(rows.map((row) => row.profile)).size} agent pages\n${savedNote}`);
      } else io.out(`${renderPreviewText(rows, header)}${savedNote}`);
    }
    return 0;
  } finally {
    output.remove();
  }
}

/**
 * A JSON object from a file, stdin (`-`), or (for `inline`) the flag's own text when it starts
 * with `{`, with its text and the name errors give it (the file, `<stdin>` or the flag). Read and
 * parsed as every input is (bounded, UTF-8, duplicate keys, nesting: an InputError at its file,
 * line and column); a value that is not an object is a UsageError naming the flag.
 */
function jsonObject(flag: string, given: string, inline: boolean): { value: Record<string, unknown>; text: string; file: string } {
  const [text, file] =
    inline && given.trimStart().startsWith("{")
      ? [given, flag]
      : given === "-"
        ? [readTextFileAtMost("-", MAX_RECORD_BYTES, flag), "<stdin>"]
        : [readTextFileAtMost(given, MAX_RECORD_BYTES, `${flag} file`), given];
  const value = parseJsonRecord(text, file);
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new UsageError(`correx preview: ${flag}: expected a JSON object`);
  return { value: value as Record<string, unknown>, text, file };
}
