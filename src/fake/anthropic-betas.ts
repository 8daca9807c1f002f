import type { ValidationIssue } from "../schema/validation-issue.js";

/**
 * The anthropic-messages request fields that belong to a beta: each is accepted only when the
 * request's `anthropic-beta` header (a comma-separated list) names that beta. The wire schema
 * (schemas/wire/anthropic-messages.json) describes their shapes; this table says which header value
 * each one needs, and where the field comes from. A field outside the schema is a violation whatever
 * the header says.
 */
export interface AnthropicBetaField {
  /** The `anthropic-beta` value that announces the field. */
  beta: string;
  /** Where the field sits, as a JSON-pointer pattern (`*` for any array index). */
  pointer: string;
  /** What makes it beta-only: the field itself, or one value of it. */
  when: (value: unknown) => boolean;
  /** Where its shape and header come from. */
  source: string;
}

const present = (value: unknown): boolean => value !== undefined;

export const anthropicBetaFields: readonly AnthropicBetaField[] = [
  {
    beta: "context-management-2025-06-27",
    pointer: "/context_management",
    when: present,
    source: "official spec (BetaCreateMessageParams.context_management, BetaContextManagementConfig); Claude Code 2.1.332 request bodies with this beta",
  },
  {
    beta: "thinking-display-updates-2026-08-18",
    pointer: "/thinking/display",
    when: (value) => value === "updates",
    source: 'Claude Code 2.1.332 request bodies only: `display: "updates"` appears exactly when this beta is announced (the official spec knows summarized and omitted)',
  },
  {
    beta: "per-turn-control-2026-07-01",
    pointer: "/messages/*/output_config",
    when: present,
    source: "Claude Code 2.1.332 request bodies only (default model claude-opus-5-5): a turn's `output_config` appears exactly in the requests announcing this beta; not in the official spec",
  },
];

/** The beta values a request announces (`anthropic-beta: a,b` or repeated headers, already joined by the host). */
export function announcedBetas(header: string | undefined): Set<string> {
  return new Set(
    (header ?? "")
      .split(",")
      .map((value) => value.trim())
      .filter((value) => value !== ""),
  );
}

/** Every beta field present in a schema-valid body whose beta the header does not announce. */
export function anthropicBetaIssues(body: unknown, header: string | undefined): ValidationIssue[] {
  const betas = announcedBetas(header);
  const issues: ValidationIssue[] = [];
  for (const field of anthropicBetaFields) {
    if (betas.has(field.beta)) continue;
    for (const [pointer, value] of matchPointer(body, field.pointer.split("/").slice(1), "")) {
      if (!field.when(value)) continue;
      issues.push({
        code: "anthropic-beta",
        pointer,
        schemaPath: "",
        params: { beta: field.beta },
        expected: `the anthropic-beta header to announce ${field.beta}`,
        found: header === undefined ? "no anthropic-beta header" : `anthropic-beta: ${header}`,
      });
    }
  }
  return issues;
}

/** The values a pointer pattern reaches in a value, with their concrete pointers. */
function matchPointer(value: unknown, tokens: string[], at: string): Array<[string, unknown]> {
  if (tokens.length === 0) return value === undefined ? [] : [[at, value]];
  if (value === null || typeof value !== "object") return [];
  const [token, ...rest] = tokens;
  if (token === "*") {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item, index) => matchPointer(item, rest, `${at}/${index}`));
  }
  return matchPointer((value as Record<string, unknown>)[token], rest, `${at}/${token}`);
}
