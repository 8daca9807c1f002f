import { InputError } from "../../input/input-error.js";
import { type CaseOutcome, type RunSummary, summarize } from "../case-outcome.js";
import type { ParsedJsonReport } from "./parse-json-report.js";
import type { JsonReportFacts } from "./render-json-report.js";
import { parseShard, type RunMetadata } from "./run-metadata.js";

/** One run made of several json reports (the shards of a CI matrix, or runs of disjoint selections). */
export interface MergedReport {
  outcomes: (CaseOutcome & JsonReportFacts)[];
  summary: RunSummary;
  metadata: RunMetadata;
}

/**
 * Merges json reports into the report one run would have written. Shards (`metadata.shard`
 * "i/n") must all be there, once each, with the same n. `correx check` outcomes come in case id
 * order (a check run's order); `correx gate` outcomes in the order one gate run gives: its
 * scenario runs (protocol × scenario, all of one run's calls together) dealt back round robin in
 * shard order, the inverse of `--shard`. A case id in two reports is bad input. The summary is
 * recounted; its duration is the longest report's (shards run side by side).
 */
export function mergeJsonReports(reports: readonly { file: string; report: ParsedJsonReport }[]): MergedReport {
  if (reports.length === 0) throw new InputError("no json report to merge");
  const sharded = reports.filter((entry) => entry.report.metadata.shard !== undefined);
  let ordered = [...reports];
  if (sharded.length > 0) {
    const unsharded = reports.find((entry) => entry.report.metadata.shard === undefined);
    if (unsharded) throw new InputError(`is not a shard, but ${sharded[0]!.file} is (shard ${sharded[0]!.report.metadata.shard}): merge the shards of one run`, unsharded.file);
    const shardOf = (entry: (typeof reports)[number]) => {
      const shard = parseShard(entry.report.metadata.shard!);
      if (!shard) throw new InputError(`/metadata/shard: expected i/n with 1 ≤ i ≤ n, found ${JSON.stringify(entry.report.metadata.shard)}`, entry.file);
      return shard;
    };
    const count = shardOf(reports[0]!).count;
    const byIndex = new Map<number, (typeof reports)[number]>();
    for (const entry of reports) {
      const shard = shardOf(entry);
      if (shard.count !== count) throw new InputError(`is shard ${shard.index}/${shard.count}, but ${reports[0]!.file} is one of ${count}`, entry.file);
      const twice = byIndex.get(shard.index);
      if (twice) throw new InputError(`is shard ${shard.index}/${count}, like ${twice.file}`, entry.file);
      byIndex.set(shard.index, entry);
    }
    ordered = [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
    const missing = missingRanges(
      [...byIndex.keys()].sort((a, b) => a - b),
      count,
    );
    if (missing.length > 0) throw new InputError(`${renderMissingShards(missing, count)} missing: merge every shard of the run`);
  }
  const seen = new Map<string, string>();
  for (const { file, report } of ordered) {
    for (const outcome of report.outcomes) {
      const other = seen.get(outcome.id);
      if (other !== undefined) throw new InputError(`case ${outcome.id} is also in ${other}: the reports overlap`, file);
      seen.set(outcome.id, file);
    }
  }
  const gate = ordered.some(({ report }) => report.outcomes.some((outcome) => outcome.stage === "gate"));
  const outcomes = gate && sharded.length > 0 ? dealBack(ordered.map(({ report }) => scenarioRuns(report.outcomes))) : ordered.flatMap(({ report }) => report.outcomes);
  if (!gate) outcomes.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const metadatas = ordered.map(({ report }) => report.metadata);
  const first = metadatas[0]!;
  const metadata: RunMetadata = {
    correxVersion: [...new Set(metadatas.map((each) => each.correxVersion))].join(" + "),
    subject: [...new Set(metadatas.map((each) => each.subject))].join(" + "),
    profiles: Object.assign({}, ...metadatas.map((each) => each.profiles)),
    date: metadatas
      .map((each) => each.date)
      .sort()
      .at(-1)!,
    filtered: metadatas.some((each) => each.filtered),
    ...(first.baseline === undefined ? {} : { baseline: first.baseline }),
    ...(first.pendingDir === undefined ? {} : { pendingDir: first.pendingDir }),
    ...(first.reviewCommand === undefined ? {} : { reviewCommand: first.reviewCommand }),
    ...(first.maxUnsupported === undefined ? {} : { maxUnsupported: first.maxUnsupported }),
  };
  const durationMs = Math.max(...ordered.map(({ report }) => report.summary.durationMs));
  return { outcomes, summary: summarize(outcomes, durationMs), metadata };
}

/** The runs of shard numbers 1 … count not in `present` (ascending), as [first, last] ranges: as many as there are reports, at most, whatever the count. */
function missingRanges(present: readonly number[], count: number): [number, number][] {
  const ranges: [number, number][] = [];
  let next = 1;
  for (const index of [...present, count + 1]) {
    if (index > next) ranges.push([next, index - 1]);
    next = index + 1;
  }
  return ranges;
}

/** `shard 2/3`, or `shards 2, 4–6 of 9` when more than one is missing. */
function renderMissingShards(ranges: readonly [number, number][], count: number): string {
  const [first, last] = ranges[0]!;
  if (ranges.length === 1 && first === last) return `shard ${first}/${count}`;
  return `shards ${ranges.map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`)).join(", ")} of ${count}`;
}

/** A gate report's outcomes in scenario runs: consecutive outcomes of one `<scenario>/<protocol>/`. */
function scenarioRuns<T extends { id: string }>(outcomes: readonly T[]): T[][] {
  const runs: T[][] = [];
  let key: string | null = null;
  for (const outcome of outcomes) {
    const own = outcome.id.slice(0, outcome.id.lastIndexOf("/"));
    if (own !== key) runs.push([]);
    key = own;
    runs[runs.length - 1]!.push(outcome);
  }
  return runs;
}

/** Shard k held the runs at positions ≡ k−1 mod n: take one run from each shard in turn. */
function dealBack<T>(shards: T[][][]): T[] {
  const out: T[] = [];
  const next = shards.map(() => 0);
  for (let left = shards.reduce((sum, runs) => sum + runs.length, 0), shard = 0; left > 0; shard = (shard + 1) % shards.length) {
    const runs = shards[shard]!;
    if (next[shard]! < runs.length) {
      out.push(...runs[next[shard]!]!);
      next[shard]!++;
      left--;
    }
  }
  return out;
}
