import { createInterface } from "node:readline";
import { nodeGoldenPort } from "../../golden/node-golden-port.js";
import { collectReviewItems, commitReview, type ReviewItem, type ReviewOp } from "../../golden/review-decisions.js";
import { parseGoldenYaml } from "../../golden/golden-yaml.js";
import { expandGenerators } from "../../golden/expand-generators.js";
import { valueDifferences } from "../../golden/value-differences.js";
import { renderDifference } from "../../golden/render-difference.js";
import { loadCases } from "../../conformance/load-corpus.js";
import { isCIEnvironment } from "../../conformance/update-policy.js";
import type { CommandIo } from "../command-io.js";
import { packageRoot } from "../package-root.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { UsageError } from "../usage-error.js";
import { checkCommand } from "./check-command.js";
import { resolve } from "node:path";

export const goldenHelp = `usage: correx golden <update|review|prune> [options]

  update [check options]          run check and rewrite goldens in place (never under CI)
  review [--accept-all|--reject-all]
                                  walk pending <case>.yaml.new files: diff, then accept, reject or skip
  prune [--delete]                list goldens no case references; delete them with --delete
  --root DIR                      corpus root (default: correx's own)`;

/** `correx golden`: see goldenHelp. */
export async function goldenCommand(args: string[], io: CommandIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h") {
    io.out(goldenHelp + "\n");
    return sub === undefined ? 2 : 0;
  }
  if (sub === "update") {
    if (isCI()) throw new UsageError("correx golden update: refusing to write goldens under CI");
    if (rest.some((arg) => arg.startsWith("--update"))) throw new UsageError("correx golden update: --update is implied (always)");
    return checkCommand([...rest, "--update", "always"], io);
  }
  if (sub === "review") return review(rest, io);
  if (sub === "prune") return prune(rest, io);
  throw new UsageError(`correx golden: unknown subcommand "${sub}"; known: update, review, prune`);
}

function isCI(): boolean {
  try {
    return isCIEnvironment(process.env);
  } catch (error) {
    throw new UsageError(`correx golden: ${(error as Error).message}`);
  }
}

const rootOf = (value: unknown) => (value ? resolve(String(value)) : packageRoot);

function describeItem(item: ReviewItem): string {
  const expectedOf = (text: string | null) => (text === null ? undefined : expandGenerators((parseGoldenYaml(text) as { expected?: unknown })?.expected));
  const before = expectedOf(item.oldText);
  const after = expectedOf(item.newText);
  const header = item.oldText === null ? `new golden ${item.goldenPath}` : `changed golden ${item.goldenPath}`;
  const differences = item.oldText === null ? [{ pointer: "/expected", expected: undefined, actual: after }] : valueDifferences(before, after);
  return [header, ...differences.slice(0, 10).map((difference) => renderDifference(difference, { expected: "golden", actual: "pending" }).replace(/^/gm, "  "))].join("\n");
}

async function review(args: string[], io: CommandIo): Promise<number> {
  const { values } = parseCommandArgs("golden review", args, { "accept-all": { type: "boolean" }, "reject-all": { type: "boolean" }, root: { type: "string" } }, false);
  if (values["accept-all"] && values["reject-all"]) throw new UsageError("correx golden review: --accept-all and --reject-all exclude each other");
  if (isCI()) throw new UsageError("correx golden review: refusing to change goldens under CI");
  const items = collectReviewItems(nodeGoldenPort, `${rootOf(values.root)}/golden`);
  if (items.length === 0) {
    io.out("no pending goldens\n");
    return 0;
  }
  let ops: ReviewOp[];
  if (values["accept-all"]) ops = items.map(() => "accept");
  else if (values["reject-all"]) ops = items.map(() => "reject");
  else {
    ops = [];
    const lines = createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
    let all: ReviewOp | null = null;
    for (const [index, item] of items.entries()) {
      io.out(`\n[${index + 1}/${items.length}] ${describeItem(item)}\n`);
      if (all) {
        ops.push(all);
        continue;
      }
      let op: ReviewOp | null = null;
      while (!op) {
        io.out("accept (a), reject (r), skip (s), accept all (A), reject all (R), quit (q)? ");
        const next = await lines.next();
        if (next.done) {
          op = "skip";
          break;
        }
        const answer = next.value.trim();
        if (answer === "a") op = "accept";
        else if (answer === "r") op = "reject";
        else if (answer === "s" || answer === "") op = "skip";
        else if (answer === "A") op = all = "accept";
        else if (answer === "R") op = all = "reject";
        else if (answer === "q") {
          op = "skip";
          all = "skip";
        } else io.out(`unknown answer "${answer}"\n`);
      }
      ops.push(op);
    }
  }
  const counts = commitReview(nodeGoldenPort, items, ops);
  io.out(`\n${counts.accepted} accepted, ${counts.rejected} rejected, ${counts.skipped} skipped\n`);
  return 0;
}

async function prune(args: string[], io: CommandIo): Promise<number> {
  const filters = ["--profile", "--protocol", "--stage", "--tag", "--case", "--shard"];
  const used = args.find((arg) => filters.some((flag) => arg === flag || arg.startsWith(flag + "=")));
  if (used) throw new UsageError(`correx golden prune: refusing on a filtered run (${used}); prune needs the whole corpus`);
  const { values } = parseCommandArgs("golden prune", args, { delete: { type: "boolean" }, root: { type: "string" } }, false);
  const root = rootOf(values.root);
  const cases = await loadCases(nodeGoldenPort, { casesRoot: `${root}/fixtures/cases`, goldenRoot: `${root}/golden` });
  const ids = new Set(cases.map((testCase) => testCase.id));
  const orphans = nodeGoldenPort
    .list(`${root}/golden`, ".yaml")
    .filter((relative) => !ids.has(relative.replace(/\.yaml$/, "")))
    .map((relative) => `${root}/golden/${relative}`);
  for (const orphan of orphans) io.out(`${values.delete && !isCI() ? "deleted" : "orphan"} ${orphan}\n`);
  if (values.delete && !isCI()) for (const orphan of orphans) nodeGoldenPort.remove(orphan);
  io.out(`${orphans.length} golden${orphans.length === 1 ? "" : "s"} without a case${values.delete && !isCI() ? " deleted" : orphans.length ? " (use --delete to remove)" : ""}\n`);
  return 0;
}
