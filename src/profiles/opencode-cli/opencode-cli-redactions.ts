import type { RedactionRule } from "../../golden/redact.js";

/**
 * opencode's volatile values in v1 results and the token each becomes: a child session's id
 * (`ses_`, 12 hex digits of time, 14 random letters and digits), in a `task` result's envelope
 * and in its failures. @see docs/spec/opencode-1.18.33.md §2.13
 */
export const opencodeCliRedactions: readonly RedactionRule[] = [{ pattern: /(<task id="|task_id: )ses_[0-9a-f]{12}[0-9A-Za-z]{14}\b/g, token: "$1[SESSION_ID]", requires: "ses_" }];
