/** What a report says about the run itself. */
export interface RunMetadata {
  correxVersion: string;
  subject: string;
  profiles: Record<string, string>;
  date: string;
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
