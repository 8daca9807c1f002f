/** What a report says about the run itself. */
export interface RunMetadata {
  correxVersion: string;
  subject: string;
  profiles: Record<string, string>;
  date: string;
  /** The run's shard as `--shard` takes it, `i/n` (see parseShard). */
  shard?: string;
  baseline?: string;
  filtered: boolean;
  /** Pending files went to this folder (`--pending-dir`), outside the corpus. */
  pendingDir?: string;
  /** The exact command that reviews this run's pending goldens (with its --root), for the hint. */
  reviewCommand?: string;
  /** The --max-unsupported budget the run was held to, as written (`0`, `5`, `10%`). */
  maxUnsupported?: string;
}

/**
 * A shard as `--shard` and the json report's `metadata.shard` write it: `i/n` with 1 ≤ i ≤ n and
 * n a safe integer; null for anything else. The one reader of that form (check, gate, merge-reports).
 */
export function parseShard(text: string): { index: number; count: number } | null {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return Number.isSafeInteger(count) && index >= 1 && index <= count ? { index, count } : null;
}
