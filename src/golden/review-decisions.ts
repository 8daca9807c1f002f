import { acceptedGoldenText } from "./accept-golden.js";
import { expandGenerators } from "./expand-generators.js";
import type { GoldenPort } from "./golden-port.js";
import { parseGoldenYaml } from "./golden-yaml.js";

/** A pending change: the golden as it is (null when new) and what the `.new` file proposes. */
export interface ReviewItem {
  goldenPath: string;
  pendingPath: string;
  oldText: string | null;
  newText: string;
}

export type ReviewOp = "accept" | "reject" | "skip";

/**
 * Lists pending `.yaml.new` files with both versions read: those beside the goldens under
 * `goldenRoot`, or, with `pendingRoot` (what `check --pending-dir` wrote: `<pendingRoot>/<case id>.yaml.new`),
 * those under it, each paired with the golden of the same case id under `goldenRoot`.
 */
export function collectReviewItems(port: GoldenPort, goldenRoot: string, pendingRoot: string = goldenRoot): ReviewItem[] {
  return port.list(pendingRoot, ".yaml.new").map((relative) => {
    const pendingPath = `${pendingRoot}/${relative}`;
    const goldenPath = `${goldenRoot}/${relative.slice(0, -".new".length)}`;
    return { goldenPath, pendingPath, oldText: port.read(goldenPath), newText: port.read(pendingPath) ?? "" };
  });
}

/** What a pending file proposes: its golden header, the expected value, and the subject that produced it. */
export function pendingProposal(pendingText: string): { case: string; spec?: string; expected: unknown; subject: string } {
  const pending = parseGoldenYaml(pendingText) as { case?: unknown; spec?: unknown; expected?: unknown; source?: { subject?: unknown } } | null;
  return {
    case: String(pending?.case ?? ""),
    spec: typeof pending?.spec === "string" ? pending.spec : undefined,
    expected: expandGenerators(pending?.expected, "/expected"),
    subject: typeof pending?.source?.subject === "string" ? pending.source.subject : "unknown",
  };
}

/**
 * The golden a pending file becomes when accepted: the existing golden edited in place (only
 * changed values rewritten, `reviewed:` gains `acceptedBy` and the subject), or a new golden.
 */
export function acceptedText(item: Pick<ReviewItem, "oldText" | "newText">, acceptedBy: string): string {
  const proposal = pendingProposal(item.newText);
  return acceptedGoldenText(item.oldText, { case: proposal.case, spec: proposal.spec }, proposal.expected, `${acceptedBy} (subject: ${proposal.subject})`);
}

/**
 * Applies review decisions in one step (insta's container commit): accept writes the golden
 * atomically and removes the pending file; reject removes the pending file; skip leaves both.
 * A pending file or golden that changed or vanished since it was shown is skipped, never
 * half-applied, and named in `changed` (its pending path) so the reviewer learns the decision
 * was not applied. `golden review`, `--accept-all` and `--reject-all` all go through here.
 */
export function commitReview(
  port: GoldenPort,
  items: readonly ReviewItem[],
  ops: readonly ReviewOp[],
  acceptedBy = "accepted by correx golden review",
): { accepted: number; rejected: number; skipped: number; changed: string[] } {
  const counts = { accepted: 0, rejected: 0, skipped: 0, changed: [] as string[] };
  items.forEach((item, index) => {
    const op = ops[index] ?? "skip";
    if (op !== "skip" && (port.read(item.pendingPath) !== item.newText || port.read(item.goldenPath) !== item.oldText)) {
      counts.skipped++;
      counts.changed.push(item.pendingPath);
      return;
    }
    switch (op) {
      case "accept":
        port.writeAtomic(item.goldenPath, acceptedText(item, acceptedBy));
        port.remove(item.pendingPath);
        counts.accepted++;
        break;
      case "reject":
        port.remove(item.pendingPath);
        counts.rejected++;
        break;
      case "skip":
        counts.skipped++;
        break;
      default: {
        const _exhaustive: never = op;
        return _exhaustive;
      }
    }
  });
  return counts;
}
