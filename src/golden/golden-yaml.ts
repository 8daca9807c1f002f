import { Document, parse, Scalar, visit } from "yaml";

/**
 * YAML options that round-trip every string byte for byte, plus the cases where the yaml
 * library's block scalars would not (a fast-check test in golden-yaml.test.ts proves it):
 * whitespace-only text with a newline, a leading U+FEFF, multi-line text starting with
 * whitespace, and anything an editor would silently change (trailing spaces or tabs on a line,
 * CR, other control characters) are written double-quoted, JSON-style.
 */
export const STRINGIFY_OPTIONS = {
  blockQuote: "literal",
  lineWidth: 0,
  doubleQuotedAsJSON: true,
  aliasDuplicateObjects: false,
  indent: 2,
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: it finds exactly the control characters a golden must quote
const CONTROL_OR_INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f\u0085\u2028\u2029\ufeff\ud800-\udfff]/;
const TRAILING_BLANK = /[ \t]\n|[ \t]$/;

function mustQuote(text: string): boolean {
  if (CONTROL_OR_INVISIBLE.test(text)) return true;
  if (!text.includes("\n")) return false;
  return TRAILING_BLANK.test(text) || text.endsWith("\n\n") || /^\s/.test(text);
}

/** Serialises a value as YAML that parses back to exactly the same value. */
export function stringifyGoldenYaml(value: unknown): string {
  return goldenYamlDocument(value).toString(STRINGIFY_OPTIONS);
}

/**
 * The document stringifyGoldenYaml writes, before it is written: its scalars already carry the
 * quoting rules, so a caller may restyle collections (flow) and write it with STRINGIFY_OPTIONS.
 */
export function goldenYamlDocument(value: unknown): Document {
  const document = new Document(value, { aliasDuplicateObjects: false });
  visit(document, {
    Scalar(_key, node: Scalar) {
      if (typeof node.value === "string" && mustQuote(node.value)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return document;
}

/** Parses golden or case YAML (YAML 1.2 core schema, unique keys). */
export function parseGoldenYaml(text: string): unknown {
  return parse(text, { uniqueKeys: true, strict: true });
}
