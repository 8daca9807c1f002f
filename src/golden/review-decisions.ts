import type { GoldenPort } from "./golden-port.js";

/** A pending change: the golden as it is (null when new) and what the `.new` file proposes. */
export interface ReviewItem {
  goldenPath: string;
  pendingPath: string;
  oldText: string | null;
  newText: string;
}

export type ReviewOp = "accept" | "reject" | "skip";

/** Lists pending `.yaml.new` files under the golden root, with both versions read. */
export function collectReviewItems(port: GoldenPort, goldenRoot: string): ReviewItem[] {
  return port.list(goldenRoot, ".yaml.new").map((relative) => {
    const pendingPath = `${goldenRoot}/${relative}`;
    const goldenPath = pendingPath.slice(0, -".new".length);
    return { goldenPath, pendingPath, oldText: port.read(goldenPath), newText: port.read(pendingPath) ?? "" };
  });
}

/** The golden a pending file becomes when accepted: the same document without its `source` block. */
export function acceptedText(pendingText: string): string {
  return pendingText.replace(/^source:\n(?:[ ]{2}.*\n)*/m, "");
}

/**
 * Applies review decisions in one step (insta's container commit): accept writes the golden
 * atomically and removes the pending file; reject removes the pending file; skip leaves both.
 * `golden review`, `--accept-all` and `--reject-all` all go through here.
 */
export function commitReview(port: GoldenPort, items: readonly ReviewItem[], ops: readonly ReviewOp[]): { accepted: number; rejected: number; skipped: number } {
  const counts = { accepted: 0, rejected: 0, skipped: 0 };
  items.forEach((item, index) => {
    const op = ops[index] ?? "skip";
    switch (op) {
      case "accept":
        port.writeAtomic(item.goldenPath, acceptedText(item.newText));
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
