/**
 * Limits on one input record (a JSON document, a JSONL line, a YAML document).
 * 32 MiB is above the largest tool result a provider accepts (29,360,128 base64 bytes of media,
 * spec §4.3) plus its envelope.
 */
export const MAX_RECORD_BYTES = 32 * 1024 * 1024;
/** Deeper nesting than this is refused: no contract schema is near it, and it guards the stack. */
export const MAX_NESTING_DEPTH = 512;
/**
 * A whole json report read by `merge-reports` (JSONL: one line per case, each bounded by what a
 * report prints of a case, and a summary). Far above any shard's report; it only stops a device
 * or a runaway file from being read until memory runs out.
 */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;
