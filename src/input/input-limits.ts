/**
 * Limits on one input record (a JSON document, a JSONL line, a YAML document).
 * 32 MiB is above the largest tool result a provider accepts (29,360,128 base64 bytes of media,
 * spec §4.3) plus its envelope.
 */
export const MAX_RECORD_BYTES = 32 * 1024 * 1024;
/** Deeper nesting than this is refused: no contract schema is near it, and it guards the stack. */
export const MAX_NESTING_DEPTH = 512;
