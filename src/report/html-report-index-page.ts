import type { CaseStatus } from "../conformance/case-outcome.js";
import type { RunMetadata } from "../conformance/reporters/run-metadata.js";
import { escapeHtml } from "./html-report-escape.js";
import type { HtmlReportOutcome, HtmlReportRun } from "./html-report-outcome.js";
import { htmlReportIndexScript } from "./html-report-script.js";
import { htmlReportStyle } from "./html-report-style.js";

const statuses: CaseStatus[] = ["pass", "fail", "xfail", "unsupported", "crash", "timeout"];
/** A cell takes the colour of its worst outcome. */
const severity: CaseStatus[] = ["crash", "timeout", "fail", "xfail", "unsupported", "pass"];
const NO_PROTOCOL = "-";

/** The order of the case list: failures first, then crashes, timeouts, and the rest. */
const listOrder: CaseStatus[] = ["fail", "crash", "timeout", "xfail", "unsupported", "pass"];

/** A failing case as the report opens on it: outcome, id, message, case and golden files, the command that reproduces it. */
function failureHtml(outcome: HtmlReportOutcome, page: string): string {
  const facts: [string, string | undefined][] = [
    ["case file", outcome.caseFile],
    ["golden", outcome.goldenFile ? `${outcome.goldenFile}${outcome.goldenState ? ` (${outcome.goldenState})` : ""}` : outcome.goldenState],
    ["reproduce", outcome.reproduce],
  ];
  return `<li class="failure" data-status="${outcome.status}"><span class="badge ${outcome.status}">${outcome.status}</span> <a href="${escapeHtml(page)}">${escapeHtml(outcome.id)}</a>${
    outcome.message ? `<p class="message">${escapeHtml(outcome.message)}</p>` : ""
  }<dl class="facts">${facts
    .filter((fact): fact is [string, string] => fact[1] !== undefined)
    .map(([name, value]) => `<dt>${name}</dt><dd data-fact="${name}"><code>${escapeHtml(value)}</code></dd>`)
    .join("")}</dl></li>`;
}

const protocolsOf = (protocols: string[]) => (protocols.length ? protocols : [NO_PROTOCOL]);

function countsHtml(counts: Partial<Record<CaseStatus, number>>): string {
  return statuses
    .filter((status) => counts[status])
    .map((status) => `<span class="count ${status}" data-status="${status}" data-label="${status}">${counts[status]}</span>`)
    .join("");
}

function selectHtml(name: string, label: string, options: [string, string][]): string {
  return `<label>${label}<select name="${name}"><option value="">all</option>${options
    .map(([value, text]) => `<option value="${escapeHtml(value)}">${escapeHtml(text)}</option>`)
    .join("")}</select></label>`;
}

/**
 * The report's front page: run metadata and totals, the matrix profile × (tool or stage) ×
 * protocol with each cell coloured by its worst outcome and linking to its cases, the filters
 * and search, and the list of cases (each linking to its page).
 */
export function renderIndexPage(run: HtmlReportRun, metadata: RunMetadata, pages: Map<string, string>, title: string): string {
  const protocols = [...new Set(run.outcomes.flatMap((outcome) => outcome.protocols))].sort();
  const columns = run.outcomes.some((outcome) => outcome.protocols.length === 0) ? [NO_PROTOCOL, ...protocols] : protocols;
  const cells = new Map<string, Partial<Record<CaseStatus, number>>>();
  const rows = new Map<string, [string, string]>();
  for (const outcome of run.outcomes) {
    rows.set(`${outcome.profile}\t${outcome.area}`, [outcome.profile, outcome.area]);
    for (const protocol of protocolsOf(outcome.protocols)) {
      const key = `${outcome.profile}\t${outcome.area}\t${protocol}`;
      const counts = cells.get(key) ?? {};
      counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
      cells.set(key, counts);
    }
  }
  const matrixRows = [...rows.values()]
    .sort(([p1, a1], [p2, a2]) => (p1 === p2 ? (a1 < a2 ? -1 : a1 > a2 ? 1 : 0) : p1 < p2 ? -1 : 1))
    .map(([profile, area]) => {
      const tds = columns.map((protocol) => {
        const counts = cells.get(`${profile}\t${area}\t${protocol}`) ?? {};
        const worst = severity.find((status) => counts[status]);
        const hash = new URLSearchParams({ cprofile: profile, area, cprotocol: protocol }).toString();
        return `<td class="cell ${worst ? `worst-${worst}` : "empty"}" data-profile="${escapeHtml(profile)}" data-area="${escapeHtml(area)}" data-protocol="${escapeHtml(protocol)}"><a href="#${escapeHtml(
          hash,
        )}" title="${escapeHtml(`${profile} / ${area} / ${protocol === NO_PROTOCOL ? "no protocol" : protocol}`)}">${countsHtml(counts)}</a></td>`;
      });
      return `<tr><th>${escapeHtml(profile)}</th><th>${escapeHtml(area)}</th>${tds.join("")}</tr>`;
    });
  const ordered = listOrder.flatMap((status) => run.outcomes.filter((outcome) => outcome.status === status));
  const failures = ordered.filter((outcome) => outcome.status === "fail" || outcome.status === "crash" || outcome.status === "timeout");
  const caseRows = ordered.map((outcome) => {
    const text = [outcome.id, outcome.spec, outcome.message ?? "", outcome.tags.join(" "), outcome.area].join(" ").toLowerCase();
    return `<tr data-status="${outcome.status}" data-profile="${escapeHtml(outcome.profile)}" data-area="${escapeHtml(outcome.area)}" data-protocols="${escapeHtml(
      outcome.protocols.join(" "),
    )}" data-tags="${escapeHtml(outcome.tags.join(" "))}" data-text="${escapeHtml(text)}"><td><span class="badge ${outcome.status}">${outcome.status}</span></td><td><a href="${escapeHtml(
      pages.get(outcome.id)!,
    )}">${escapeHtml(outcome.id)}</a></td><td>${escapeHtml(outcome.area)}</td><td>${escapeHtml(outcome.protocols.join(", "))}</td><td>${escapeHtml(outcome.spec)}</td><td class="message" title="${escapeHtml(
      outcome.message ?? "",
    )}">${escapeHtml(outcome.message ?? "")}</td></tr>`;
  });
  const s = run.summary;
  const meta: [string, string][] = [
    ["correx", metadata.correxVersion],
    ...Object.entries(metadata.profiles).map(([profile, version]): [string, string] => [profile, version]),
    ["subject", metadata.subject],
    ["date", metadata.date],
    ["shard", metadata.shard ?? "—"],
    ["baseline", metadata.baseline ?? "—"],
    ["filtered", metadata.filtered ? "yes" : "no"],
  ];
  const tags = [...new Set(run.outcomes.flatMap((outcome) => outcome.tags))].sort();
  const profiles = [...new Set(run.outcomes.map((outcome) => outcome.profile))].sort();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${htmlReportStyle}</style></head>
<body class="index-page">
<h1>${escapeHtml(title)}</h1>
<dl class="meta" id="metadata">${meta.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd data-meta="${escapeHtml(name)}">${escapeHtml(value)}</dd>`).join("")}</dl>
<p class="totals" id="totals">${[
    `<span>${s.total} cases</span>`,
    ...statuses.map((status) => `<span class="count ${status}" data-status="${status}" data-label="${status}">${s[status]}</span>`),
    s.pending ? `<span>${s.pending} pending goldens</span>` : "",
    `<span>${(s.durationMs / 1000).toFixed(2)} s</span>`,
  ].join("")}</p>
${
  failures.length
    ? `<section id="failures"><h2>Failures (${failures.length}): ${["fail", "crash", "timeout"]
        .filter((status) => s[status as "fail"])
        .map((status) => `${s[status as "fail"]} ${status}`)
        .join(", ")}</h2><ol class="failures">${failures.map((outcome) => failureHtml(outcome, pages.get(outcome.id)!)).join("\n")}</ol></section>`
    : ""
}
<section id="matrix"><h2>Matrix: profile × tool or stage × protocol</h2>
<table class="matrix"><thead><tr><th>profile</th><th>tool or stage</th>${columns
    .map((protocol) => `<th data-protocol="${escapeHtml(protocol)}">${protocol === NO_PROTOCOL ? "no protocol" : escapeHtml(protocol)}</th>`)
    .join("")}</tr></thead><tbody>${matrixRows.join("\n")}</tbody></table></section>
<section id="list"><h2>Cases</h2>
<form id="filters">${selectHtml("status", "outcome", [...statuses.map((status): [string, string] => [status, status]), ["failing", "failing (fail, crash, timeout)"]])}${selectHtml(
    "tag",
    "tag",
    tags.map((tag) => [tag, tag]),
  )}${selectHtml(
    "profile",
    "profile",
    profiles.map((profile) => [profile, profile]),
  )}${selectHtml(
    "protocol",
    "protocol",
    columns.map((protocol) => [protocol, protocol === NO_PROTOCOL ? "no protocol" : protocol]),
  )}<label>search<input type="search" name="q" placeholder="id, spec, message, tag" autocomplete="off"></label><button type="reset">clear</button><span id="cell-filter" role="button" title="clear the cell filter"></span><output id="shown">${
    run.outcomes.length
  } of ${run.outcomes.length} cases</output></form>
<p class="keys"><kbd>j</kbd>/<kbd>n</kbd> next failure · <kbd>k</kbd>/<kbd>p</kbd> previous · <kbd>o</kbd>/<kbd>Enter</kbd> open · <kbd>/</kbd> search</p>
<table id="cases"><thead><tr><th>outcome</th><th>case</th><th>tool or stage</th><th>protocols</th><th>spec</th><th>message</th></tr></thead><tbody>
${caseRows.join("\n")}
</tbody></table></section>
<script>${htmlReportIndexScript}</script>
</body></html>
`;
}
