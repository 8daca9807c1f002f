import { escapeControl } from "../text/escape-control.js";
import { groupThousands } from "../text/group-thousands.js";
import type { PreviewRow } from "./preview-mcp-result.js";

/** Lines of a row's text shown, and characters per line. */
const SHOWN_LINES = 8;
const SHOWN_CHARS = 160;

const number = groupThousands;

/**
 * The people-facing preview: per profile and protocol, the tool name the model sees, text size
 * and token estimate, attachments, what became of each content item and of structuredContent
 * (drops, replacements, truncation and duplication marked `!`), then the start of the text.
 */
export function renderPreviewText(rows: readonly PreviewRow[], header: string): string {
  // The tool's name, the server's and the result's text come from an MCP server nobody vouches for: escaped, each on its line.
  const out: string[] = [escapeControl(header, true), ""];
  for (const row of rows) {
    const head = `${row.profile} × ${row.protocol} (${row.model}): ${escapeControl(row.name, true)}`;
    if (row.status === "unsupported") {
      out.push(`${head}\n  unsupported: ${escapeControl(String(row.reason), true)}`, "");
      continue;
    }
    const attachments = row.attachments.length === 0 ? "no attachments" : `attachments: ${row.attachments.map((a) => `${escapeControl(a.mime, true)} ${number(a.bytes)} B`).join(", ")}`;
    out.push(`${head}\n  text ${number(row.textBytes)} B ≈ ${number(row.tokens)} tokens; ${attachments}`);
    const fates = row.items.map(
      (item) =>
        `#${item.index} ${item.type} ${mark(item.fate)}${item.kept ? ` (the first ${number(item.kept.head)} and last ${number(item.kept.tail)} of ${number(item.kept.of)} chars reach the model)` : ""}`,
    );
    if (row.structuredContent !== "absent") fates.push(`structuredContent ${mark(row.structuredContent)}`);
    if (fates.length > 0) out.push(`  ${fates.join(", ")}`);
    const lines = row.text.split("\n");
    for (const line of lines.slice(0, SHOWN_LINES)) out.push(`  | ${escapeControl(line.length > SHOWN_CHARS ? `${line.slice(0, SHOWN_CHARS)}…` : line)}`);
    if (lines.length > SHOWN_LINES) out.push(`  | … ${number(lines.length - SHOWN_LINES)} more lines`);
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** Fates a reader should notice carry a `!`. */
function mark(fate: string): string {
  return fate === "kept" || fate === "attached" || fate === "sent" ? fate : `${fate}!`;
}
