import { escapeHtml } from "../report/html-report-escape.js";
import { groupThousands } from "../text/group-thousands.js";
import type { PreviewFate, PreviewRow } from "./preview-mcp-result.js";

const number = groupThousands;

/** Fates a reader should notice (what an agent drops, replaces, truncates or duplicates). */
const flagged = (fate: PreviewFate) => fate === "truncated" || fate === "replaced" || fate === "dropped" || fate === "duplicated";

/** A page file's name for a profile id. */
const pageOf = (profile: string) => `${profile.replace(/[^A-Za-z0-9._-]/g, "_")}.html`;

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2em;max-width:80em;color:#222}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
.flag{background:#fde2e1;color:#8a1010;font-weight:600}.ok{background:#e6f4e6}.unsupported{background:#eee;color:#555}
pre{background:#f6f6f6;padding:.8em;overflow:auto;max-height:40em;white-space:pre-wrap;word-break:break-all}
h2{margin-top:2em}`;

const page = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>\n${body}\n</body></html>\n`;

/** One fate as a table cell's text, flagged ones marked. */
function fateCell(row: PreviewRow): string {
  const parts = row.items.map((item) => {
    const kept = item.kept ? ` (first ${number(item.kept.head)} and last ${number(item.kept.tail)} of ${number(item.kept.of)} chars)` : "";
    const text = `#${item.index} ${escapeHtml(item.type)} ${item.fate}${kept}`;
    return flagged(item.fate) ? `<span class="flag">${text}</span>` : text;
  });
  if (row.structuredContent !== "absent") {
    const text = `structuredContent ${row.structuredContent}`;
    parts.push(flagged(row.structuredContent) ? `<span class="flag">${text}</span>` : text);
  }
  return parts.join("<br>");
}

/**
 * The people-facing preview as HTML pages: `index.html` with one table row per profile ×
 * protocol (name, size, tokens, attachments, each item's fate, flagged fates highlighted) linking
 * to one page per profile, which shows each protocol's row with the whole text the model reads and
 * the wire elements. Pure: returns the files by name (the caller writes them).
 */
export function renderPreviewHtml(rows: readonly PreviewRow[], header: string): Map<string, string> {
  const files = new Map<string, string>();
  const profiles = [...new Set(rows.map((row) => row.profile))];
  const tableRows = rows.map((row) => {
    const head = `<td><a href="${pageOf(row.profile)}">${escapeHtml(row.profile)}</a></td><td>${escapeHtml(row.protocol)} (${escapeHtml(row.model)})</td><td><code>${escapeHtml(row.name)}</code></td>`;
    if (row.status === "unsupported") return `<tr class="unsupported">${head}<td colspan="3">unsupported: ${escapeHtml(row.reason ?? "")}</td></tr>`;
    const flags = row.items.some((item) => flagged(item.fate)) || flagged(row.structuredContent);
    const attachments = row.attachments.map((a) => `${escapeHtml(a.mime)} ${number(a.bytes)} B`).join("<br>") || "none";
    return `<tr>${head}<td>${number(row.textBytes)} B ≈ ${number(row.tokens)} tokens</td><td>${attachments}</td><td class="${flags ? "flag" : "ok"}">${fateCell(row)}</td></tr>`;
  });
  files.set(
    "index.html",
    page(
      "correx preview",
      `<h1>${escapeHtml(header)}</h1>\n<p>What each agent's model gets for this MCP tool result. Highlighted: what an agent drops, replaces, truncates or duplicates.</p>\n<table><tr><th>agent</th><th>protocol (model)</th><th>tool name</th><th>text</th><th>attachments</th><th>content items</th></tr>\n${tableRows.join("\n")}\n</table>`,
    ),
  );
  for (const profile of profiles) {
    const sections = rows
      .filter((row) => row.profile === profile)
      .map((row) => {
        const title = `<h2>${escapeHtml(row.protocol)} (${escapeHtml(row.model)}): <code>${escapeHtml(row.name)}</code></h2>`;
        if (row.status === "unsupported") return `${title}\n<p class="unsupported">unsupported: ${escapeHtml(row.reason ?? "")}</p>`;
        return `${title}\n<p>${number(row.textBytes)} B ≈ ${number(row.tokens)} tokens; attachments: ${row.attachments.map((a) => `${escapeHtml(a.mime)} ${number(a.bytes)} B`).join(", ") || "none"}</p>\n<p>${fateCell(row)}</p>\n<h3>The text the model reads</h3>\n<pre>${escapeHtml(row.text)}</pre>\n<details><summary>wire elements</summary><pre>${escapeHtml(JSON.stringify(row.wire, null, 2))}</pre></details>`;
      });
    files.set(pageOf(profile), page(`correx preview: ${profile}`, `<p><a href="index.html">all agents</a></p>\n<h1>${escapeHtml(profile)}</h1>\n<p>${escapeHtml(header)}</p>\n${sections.join("\n")}`));
  }
  return files;
}
