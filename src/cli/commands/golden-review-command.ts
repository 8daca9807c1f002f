import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { styleText } from "node:util";
import { expandGenerators } from "../../golden/expand-generators.js";
import { parseGoldenYaml } from "../../golden/golden-yaml.js";
import { keyOrderDifferences } from "../../golden/key-order-differences.js";
import { acquireGoldenLock, GoldenLockHeldError } from "../../golden/node-golden-lock.js";
import { nodeGoldenPort, realPathOutside } from "../../golden/node-golden-port.js";
import { renderDifference } from "../../golden/render-difference.js";
import { collectReviewItems, commitReview, pendingProposal, type ReviewItem, type ReviewOp } from "../../golden/review-decisions.js";
import { valueDifferences } from "../../golden/value-differences.js";
import { InputError } from "../../input/input-error.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { colourFor, type Paint } from "../terminal-colour.js";
import { UsageError } from "../usage-error.js";
import { goldenRootOf, isCI } from "./golden-command-support.js";

const KEYS_HELP = `keys:
  a  accept this change           A  accept this and all the rest
  r  reject it (delete .new)      R  reject this and all the rest
  s  skip it (keep .new)          q  quit (Ctrl-C too): the rest stay pending
  d  toggle the full view         ?  this help`;

export { colourFor } from "../terminal-colour.js";

/** One pending change as the reviewer sees it: a header, then each difference as a visible-whitespace diff. */
export function describeItem(item: ReviewItem, options: { full: boolean; paint: Paint }): string {
  const expectedOf = (text: string | null) => (text === null ? undefined : expandGenerators((parseGoldenYaml(text) as { expected?: unknown })?.expected));
  const before = expectedOf(item.oldText);
  const after = expectedOf(item.newText);
  const subject = (parseGoldenYaml(item.newText) as { source?: { subject?: string } })?.source?.subject;
  const header = `${item.oldText === null ? "new golden" : "changed golden"} ${item.goldenPath}${subject ? ` (from subject: ${subject})` : ""}`;
  const differences =
    item.oldText === null
      ? [{ pointer: "/expected", expected: undefined, actual: after }]
      : [
          ...valueDifferences(before, after),
          ...keyOrderDifferences(before, after).map((keys) => ({ pointer: `${keys.pointer || "/"} (key order)`, expected: keys.expected.join("\n"), actual: keys.actual.join("\n") })),
        ];
  const limit = options.full ? differences.length : 10;
  const shown = differences.slice(0, limit).map((difference) =>
    renderDifference(difference, { expected: "golden", actual: "pending" }, options.full ? { maxLines: Number.POSITIVE_INFINITY } : {})
      .split("\n")
      .map((line) => "  " + paintDiffLine(line, options.paint))
      .join("\n"),
  );
  if (differences.length > limit) shown.push(`  … ${differences.length - limit} more differences (d: full view)`);
  if (differences.length === 0) shown.push("  (no difference in value or key order: the file's text changes only)");
  return [options.paint("bold", header), ...shown].join("\n");
}

function paintDiffLine(line: string, paint: Paint): string {
  const body = line.trimStart();
  if (body.startsWith("--- ") || body.startsWith("+++ ")) return paint("bold", line);
  if (body.startsWith("@@")) return paint("cyan", line);
  if (body.startsWith("-")) return paint("red", line);
  if (body.startsWith("+")) return paint("green", line);
  if (body.startsWith("⊘")) return paint("yellow", line);
  return line;
}

/** Where review answers come from: single keys on a terminal, lines otherwise. */
interface Answers {
  /** The next answer, or null when input ended. */
  next(): Promise<string | null>;
  close(): void;
  readonly keys: boolean;
}

/** Single keypresses from a terminal in raw mode; close() (or process exit) puts the terminal back. */
function keyAnswers(stdin: NodeJS.ReadStream): Answers {
  const queue: (string | null)[] = [];
  let waiting: ((key: string | null) => void) | null = null;
  const push = (key: string | null) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(key);
    } else queue.push(key);
  };
  const onData = (chunk: string) => {
    if (chunk.startsWith("\u001b")) return push(chunk); // an escape sequence (arrows…) is one unknown key
    for (const key of chunk) push(key);
  };
  const onEnd = () => push(null);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    stdin.off("data", onData);
    stdin.off("end", onEnd);
    process.off("exit", close);
    if (stdin.isTTY) stdin.setRawMode(false);
    stdin.pause();
  };
  process.on("exit", close);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.on("data", onData);
  stdin.on("end", onEnd);
  stdin.resume();
  return {
    keys: true,
    next: () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((resolve) => (waiting = resolve))),
    close,
  };
}

/** One answer a line, from a pipe or file. */
function lineAnswers(stdin: NodeJS.ReadStream): Answers {
  const lines = createInterface({ input: stdin, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  return {
    keys: false,
    next: async () => {
      const next = await iterator.next();
      return next.done ? null : next.value.trim();
    },
    close: () => lines.close(),
  };
}

/** `correx golden review`: walk the pending files like `cargo insta review`. */
export async function reviewCommand(args: string[], io: CommandIo): Promise<number> {
  const { values } = parseCommandArgs(
    "golden review",
    args,
    { "accept-all": { type: "boolean" }, "reject-all": { type: "boolean" }, root: { type: "string" }, "pending-dir": { type: "string" }, "write-corpus-from-subject": { type: "boolean" } },
    false,
  );
  if (values["accept-all"] && values["reject-all"]) throw new UsageError("correx golden review: --accept-all and --reject-all exclude each other");
  if (isCI()) throw new UsageError("correx golden review: refusing to change goldens under CI");
  const corpusRoot = goldenRootOf(values.root);
  const goldenRoot = `${corpusRoot}/golden`;
  // A mistyped --root is not "no pending goldens", and the lock must not create a folder there.
  if (!existsSync(goldenRoot) && !existsSync(`${corpusRoot}/fixtures/cases`))
    throw new UsageError(`correx golden review: ${corpusRoot} holds no corpus (no golden/ or fixtures/cases/); choose it with --root DIR`);
  const pendingRoot = values["pending-dir"] === undefined ? goldenRoot : resolve(String(values["pending-dir"]));
  if (values["pending-dir"] !== undefined && !existsSync(pendingRoot)) throw new UsageError(`correx golden review: --pending-dir ${pendingRoot} does not exist`);
  let release: () => void;
  try {
    release = acquireGoldenLock(goldenRoot, "correx golden review");
  } catch (error) {
    if (GoldenLockHeldError.isInstance(error)) throw new UsageError(`correx golden review: ${error.message}`);
    throw error;
  }
  try {
    const items = collectReviewItems(nodeGoldenPort, goldenRoot, pendingRoot);
    for (const item of items) {
      // a pending file that is not a golden is refused before any decision is asked or applied
      for (const [file, text] of [
        [item.pendingPath, item.newText],
        [item.goldenPath, item.oldText],
      ] as const) {
        if (text === null) continue;
        try {
          pendingProposal(text);
        } catch (error) {
          throw new InputError(`not a golden: ${(error as Error).message.split("\n")[0].replace(/:$/, "")}`, file);
        }
      }
    }
    // Linked folders are listed through; review writes and deletes only inside its two folders.
    for (const item of items) {
      for (const [folder, file] of [
        [pendingRoot, item.pendingPath],
        [goldenRoot, item.goldenPath],
      ] as const) {
        const real = realPathOutside(folder, file);
        if (real !== null) {
          throw new UsageError(`correx golden review: ${file} is ${real}, outside ${folder} through a linked folder; review changes files only inside it (nothing was changed)`);
        }
      }
    }
    if (items.length === 0) {
      io.out(`no pending goldens${pendingRoot === goldenRoot ? "" : ` in ${pendingRoot}`}\n`);
      return 0;
    }
    // The corpus is the spec: a file `check --pending-dir` wrote for another subject becomes a
    // golden only when asked for in so many words, as with check's --write-corpus-from-subject.
    const fromSubject = (item: ReviewItem) => pendingProposal(item.newText).subject;
    const mayAccept = (item: ReviewItem) => pendingRoot === goldenRoot || fromSubject(item) === "reference" || values["write-corpus-from-subject"] === true;
    const refusal = (item: ReviewItem) => `accepting ${item.pendingPath} would write the output of ${fromSubject(item)} into ${goldenRoot} as the spec; add --write-corpus-from-subject to do that`;
    let ops: ReviewOp[];
    let acceptedBy = "accepted by correx golden review";
    if (values["accept-all"]) {
      const refused = items.find((item) => !mayAccept(item));
      if (refused) throw new UsageError(`correx golden review: ${refusal(refused)}`);
      ops = items.map(() => "accept");
      acceptedBy = "accepted by correx golden review --accept-all";
    } else if (values["reject-all"]) ops = items.map(() => "reject");
    else ops = await askEach(items, io, (item) => (mayAccept(item) ? null : refusal(item)));
    const counts = commitReview(nodeGoldenPort, items, ops, acceptedBy);
    for (const pending of counts.changed) {
      io.err(`correx golden review: not applied: ${pending} or its golden changed or vanished after it was shown, so it was skipped; run the review again\n`);
    }
    io.out(`\n${counts.accepted} accepted, ${counts.rejected} rejected, ${counts.skipped} skipped\n`);
    return 0;
  } finally {
    release();
  }
}

async function askEach(items: readonly ReviewItem[], io: CommandIo, acceptRefusal: (item: ReviewItem) => string | null): Promise<ReviewOp[]> {
  const stdin = process.stdin;
  const answers = stdin.isTTY ? keyAnswers(stdin) : lineAnswers(stdin);
  const colour = colourFor(process.stdout, process.env);
  const paint: Paint = (format, text) => (colour ? styleText(format, text) : text);
  const prompt = answers.keys
    ? `${paint("green", "a")} accept  ${paint("red", "r")} reject  ${paint("yellow", "s")} skip  A accept all  R reject all  d full view  ? help  q quit `
    : "accept (a), reject (r), skip (s), accept all (A), reject all (R), full view (d), help (?), quit (q)? ";
  const ops: ReviewOp[] = [];
  let all: ReviewOp | null = null;
  let quit = false;
  try {
    for (const [index, item] of items.entries()) {
      if (quit) {
        ops.push("skip");
        continue;
      }
      let full = false;
      const show = () => io.out(`\n[${index + 1}/${items.length}] ${describeItem(item, { full, paint })}\n`);
      show();
      if (all) {
        ops.push(all);
        continue;
      }
      let op: ReviewOp | null = null;
      while (!op) {
        io.out(prompt);
        const answer = await answers.next();
        if (answers.keys) io.out("\n");
        if (answer === null || answer === "q" || answer === "\u0003" || answer === "\u0004") {
          op = "skip";
          quit = true;
          break;
        }
        const refused = answer === "a" || answer === "A" ? acceptRefusal(item) : null;
        if (refused) io.out(`${refused}\n`);
        else if (answer === "a") op = "accept";
        else if (answer === "r") op = "reject";
        else if (answer === "s" || (!answers.keys && answer === "")) op = "skip";
        else if (answer === "A") op = all = "accept";
        else if (answer === "R") op = all = "reject";
        else if (answer === "d") {
          full = !full;
          show();
        } else if (answer === "?") io.out(KEYS_HELP + "\n");
        else if (answer === "\r" || answer === "\n") continue;
        else io.out(`unknown ${answers.keys ? "key" : "answer"} ${JSON.stringify(answer)} (? for help)\n`);
      }
      ops.push(op);
      if (answers.keys && !quit) io.out(`${paint("dim", `→ ${op === "accept" ? "accepted" : op === "reject" ? "rejected" : "skipped"}`)}\n`);
    }
  } finally {
    answers.close();
  }
  return ops;
}
