import { type ValueDifference, valueDifferences } from "../golden/value-differences.js";
import { describeCodePoint, differenceRange } from "./html-report-difference-range.js";
import { escapeHtml } from "./html-report-escape.js";
import type { HtmlReportOutcome, ReportCapturedRequest, ReportStreamedResponse } from "./html-report-outcome.js";
import { htmlReportCaseScript } from "./html-report-script.js";
import { htmlReportStyle } from "./html-report-style.js";
import { valueHtml } from "./html-report-value.js";
import { visibleTextHtml } from "./html-report-visible-text.js";

/** Differences shown in full on a case page; the rest are counted. */
const MAX_DIFFERENCES = 50;

export interface CasePageLinks {
  index: string;
  previousFailure?: string;
  nextFailure?: string;
}

const asText = (value: unknown): string => (value === undefined ? "" : typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? String(value)));

/** One difference: both sides as text, the exact differing range highlighted on each. */
function differenceHtml(difference: ValueDifference): string {
  const strings = typeof difference.expected === "string" && typeof difference.actual === "string";
  const expected = asText(difference.expected);
  const actual = asText(difference.actual);
  const range = differenceRange(expected, actual);
  const side = (name: "expected" | "actual", value: unknown, text: string, end: number) =>
    `<div class="side ${name}"><h4>${name}${strings ? "" : value === undefined ? " (absent)" : " (JSON)"}</h4><pre data-side="${name}">${
      value === undefined ? '<span class="absent">(absent)</span>' : visibleTextHtml(text, { start: range.start, end })
    }</pre></div>`;
  const where = `first difference at byte ${range.byteOffset} (line ${range.line}, column ${range.column}): expected ${escapeHtml(describeCodePoint(expected, range.start))}, actual ${escapeHtml(
    describeCodePoint(actual, range.start),
  )}`;
  return `<article class="difference" data-pointer="${escapeHtml(difference.pointer)}" data-byte-offset="${range.byteOffset}"><h3><code>${escapeHtml(difference.pointer || "/")}</code></h3><p class="where">${where}</p><div class="sides">${side(
    "expected",
    difference.expected,
    expected,
    range.expectedEnd,
  )}${side("actual", difference.actual, actual, range.actualEnd)}</div></article>`;
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function headersHtml(headers: Record<string, string> | undefined): string {
  if (!headers || Object.keys(headers).length === 0) return "";
  return `<table class="headers"><tbody>${Object.entries(headers)
    .map(([name, value]) => `<tr><th>${escapeHtml(name)}</th><td><code>${escapeHtml(value)}</code></td></tr>`)
    .join("")}</tbody></table>`;
}

function capturedRequestHtml(requests: ReportCapturedRequest[]): string {
  if (requests.length === 0) return "";
  const items = requests.map(
    (request, index) =>
      `<article class="captured-request"><h3>${requests.length > 1 ? `#${index + 1} ` : ""}<code>${escapeHtml(request.method)} ${escapeHtml(request.url)}</code></h3>${headersHtml(request.headers)}<pre>${
        request.body !== undefined ? valueHtml(request.body, true) : visibleTextHtml(request.rawBody ?? "")
      }</pre></article>`,
  );
  return `<section id="captured-request"><h2>Captured request${requests.length > 1 ? "s" : ""}</h2>${items.join("")}</section>`;
}

function streamedResponseHtml(responses: ReportStreamedResponse[]): string {
  if (responses.length === 0) return "";
  const items = responses.map((response, index) => {
    const frames = response.frames
      ? `<ol class="frames">${response.frames.map((frame) => `<li><pre>${visibleTextHtml(frame)}</pre></li>`).join("")}</ol>`
      : `<pre>${visibleTextHtml(response.body ?? "")}</pre>`;
    return `<article class="streamed-response"><h3>${responses.length > 1 ? `#${index + 1} ` : ""}${response.status === undefined ? "" : `status ${response.status}`}</h3>${headersHtml(response.headers)}${frames}</article>`;
  });
  return `<section id="streamed-response"><h2>Streamed response${responses.length > 1 ? "s" : ""}</h2>${items.join("")}</section>`;
}

/**
 * The page of one case: its facts and message, each difference with expected and actual side by
 * side (exact differing bytes highlighted, whitespace visible), the whole expected and actual
 * values (wire bodies as pretty JSON), the input, and for gate runs the captured request and the
 * fake provider's streamed response.
 */
export function renderCasePage(outcome: HtmlReportOutcome, links: CasePageLinks, title: string): string {
  const wire = outcome.stage === "lower";
  const facts: [string, string][] = [
    ["profile", outcome.profile],
    ["stage", outcome.stage],
    ["tool or stage", outcome.area],
    ["protocols", outcome.protocols.join(", ") || "—"],
    ["tags", outcome.tags.join(", ") || "—"],
    ["spec", outcome.spec],
    ["level", outcome.level],
    ["golden", outcome.goldenState ?? outcome.golden],
    ...(outcome.caseFile ? [["case file", outcome.caseFile] as [string, string]] : []),
    ...(outcome.goldenFile ? [["golden file", outcome.goldenFile] as [string, string]] : []),
    ["duration", `${outcome.durationMs.toFixed(2)} ms`],
  ];
  const differences = outcome.differences.slice(0, MAX_DIFFERENCES).map(differenceHtml).join("");
  const more = outcome.differences.length > MAX_DIFFERENCES ? `<p class="note">… ${outcome.differences.length - MAX_DIFFERENCES} more differences</p>` : "";
  const same = outcome.expected !== undefined && outcome.actual !== undefined && valueDifferences(outcome.expected, outcome.actual, wire).length === 0;
  let values: string;
  if (same) values = `<div class="sides one"><div class="side"><h4>expected = actual</h4><pre>${valueHtml(outcome.actual, wire)}</pre></div></div>`;
  else if (outcome.expected === undefined && outcome.actual === undefined) values = '<p class="note">The subject produced no value.</p>';
  else
    values = `<div class="sides"><div class="side expected"><h4>expected</h4><pre>${valueHtml(outcome.expected, wire)}</pre></div><div class="side actual"><h4>actual</h4><pre>${valueHtml(
      outcome.actual,
      wire,
    )}</pre></div></div>`;
  const link = (id: string, href: string | undefined, label: string) => (href ? `<a id="${id}" href="${escapeHtml(href)}">${label}</a>` : `<a id="${id}" aria-disabled="true">${label}</a>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(outcome.status.toUpperCase())} ${escapeHtml(outcome.id)} — ${escapeHtml(
    title,
  )}</title><style>${htmlReportStyle}</style></head>
<body class="case-page status-${outcome.status}" data-status="${outcome.status}">
<nav class="case-nav">${link("to-index", links.index, "↑ matrix (u)")}${link("prev-failure", links.previousFailure, "← previous failure (k)")}${link("next-failure", links.nextFailure, "next failure (j) →")}</nav>
<h1><span class="badge ${outcome.status}">${outcome.status}</span> <code id="case-id">${escapeHtml(outcome.id)}</code></h1>
<dl class="facts">${facts.map(([name, value]) => `<dt>${name}</dt><dd data-fact="${name}">${escapeHtml(value)}</dd>`).join("")}</dl>
${outcome.message ? `<p class="message">${escapeHtml(outcome.message)}</p>` : ""}
${outcome.reproduce ? `<p class="reproduce">reproduce: <code id="reproduce">${escapeHtml(outcome.reproduce)}</code></p>` : ""}
${outcome.differences.length ? `<section id="differences"><h2>Differences (${outcome.differences.length})</h2>${differences}${more}</section>` : ""}
<section id="values"><h2>Expected and actual</h2>${values}</section>
${outcome.input === undefined ? "" : `<section id="input"><h2>Input</h2><pre>${valueHtml(outcome.input)}</pre></section>`}
${capturedRequestHtml(list(outcome.capturedRequest))}${streamedResponseHtml(list(outcome.streamedResponse))}
<script>${htmlReportCaseScript}</script>
</body></html>
`;
}
