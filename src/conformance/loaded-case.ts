/** A case read from the corpus and schema-checked (generators checked, expanded only when it runs). */
export interface LoadedCase {
  /** Stable id: the path under the cases root without `.yaml`, e.g. `opencode-core/bash/echo`. */
  id: string;
  /** Case file path, for messages. */
  file: string;
  profile: string;
  stage: "format" | "truncate" | "lower";
  spec: string;
  level: "must" | "should";
  tags: string[];
  description?: string;
  /** The tool, for format cases (matrix rows). */
  tool?: string;
  protocols: string[];
  /** The case body as written, generators unexpanded (small: for reports and metadata). */
  body: Record<string, unknown>;
  /** The body with generators expanded: built when the case runs, not kept. */
  expandBody(): Record<string, unknown>;
  /** Extra redaction rules from the case, with where each pattern is written (for a pattern that runs too long). */
  redact: { pattern: string; token: string; line?: number; column?: number }[];
}

/** A golden read from the corpus. */
export interface LoadedGolden {
  file: string;
  /** The file text, to rewrite only when bytes change. */
  text: string;
  expected: unknown;
  spec?: string;
  reviewed?: string;
}
