import type { PreviewRow } from "./preview-mcp-result.js";

/** Lines of a row's text shown, and characters per line. */
const SHOWN_LINES = 8;
const SHOWN_CHARS = 160;

const number = (value: number) => value.toLocaleString("en-US");

/**
 * The people-facing preview: per profile and protocol, the tool name the model sees, text size
 * and token estimate, attachments, what became of each content item and of structuredContent
 * (drops, replacements, truncation and duplication marked `!`), then the start of the text.
 */
export function renderPreviewText(rows: readonly PreviewRow[], header: string): string {
  const out: string[] = [header, ""];
  for (const row of rows) {
    const head = `${row.profile} × ${row.protocol} (${row.model}): ${row.name}`;
    if (row.status === "unsupported") {
      out.push(`${head}\n  unsupported: ${row.reason}`, "");
      continue;
    }
    const attachments = row.attachments.length === 0 ? "no attachments" : `attachments: ${row.attachments.map((a) => `${a.mime} ${number(a.bytes)} B`).join(", ")}`;
    out.push(`${head}\n  text ${number(row.textBytes)} B ≈ ${number(row.tokens)} tokens; ${attachments}`);
    const fates = row.items.map(
      (item) =>
        `#${item.index} ${item.type} ${mark(item.fate)}${item.kept ? ` (the first ${number(item.kept.head)} and last ${number(item.kept.tail)} of ${number(item.kept.of)} chars reach the model)` : ""}`,
    );
    if (row.structuredContent !== "absent") fates.push(`structuredContent ${mark(row.structuredContent)}`);
    if (fates.length > 0) out.push(`  ${fates.join(", ")}`);
    const lines = row.text.split("\n");
    for (const line of lines.slice(0, SHOWN_LINES)) out.push(`  | ${line.length > SHOWN_CHARS ? `${line.slice(0, SHOWN_CHARS)}…` : line}`);
    if (lines.length > SHOWN_LINES) out.push(`  | … ${number(lines.length - SHOWN_LINES)} more lines`);
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

/** Fates a reader should notice carry a `!`. */
function mark(fate: string): string {
  return fate === "kept" || fate === "attached" || fate === "sent" ? fate : `${fate}!`;
}
