import { UnsupportedError } from "../profile.js";

/**
 * How Codex's serde derive types one argument field: strings and booleans, the Rust integer
 * types (`u64`, `usize`, `i32`), the `sandbox_permissions` enum, a list of strings, or a field
 * whose refusals are not modelled (`other`; `string-unchecked`: a string field Codex was seen
 * not to refuse other types for, whose handling of them is not modelled).
 */
export type FieldType = "string" | "boolean" | "u64" | "usize" | "i32" | "sandbox" | "string-list" | "string-unchecked" | "other";

/** One field: its type, and whether serde takes `null` for it (`unknown`: not observed, unsupported). */
export interface FieldShape {
  type: FieldType;
  nullable: boolean | "unknown";
}

/** The fields a tool's arguments struct declares, and which are required. */
export interface ArgumentsShape {
  fields: Readonly<Record<string, FieldShape>>;
  required: readonly string[];
}

const field = (type: FieldType, nullable: boolean | "unknown" = true): FieldShape => ({ type, nullable });

/**
 * exec_command's arguments (codex-rs/core/src/tools/handlers/unified_exec.rs `ExecCommandArgs`):
 * `yield_time_ms` is a `u64` with a serde default (null refused, observed), `max_output_tokens` a
 * `usize` (null accepted as absent: `max_output_tokens: null` ran, observed). @see spec §2.1, §6.2
 */
export const EXEC_COMMAND_ARGS: ArgumentsShape = {
  fields: {
    cmd: field("string", false),
    workdir: field("string"),
    shell: field("string"),
    tty: field("boolean"),
    login: field("boolean"),
    justification: field("string"),
    yield_time_ms: field("u64", false),
    max_output_tokens: field("usize"),
    sandbox_permissions: field("sandbox"),
    prefix_rule: field("string-list", "unknown"),
  },
  required: ["cmd"],
};

/** write_stdin's arguments (`WriteStdinArgs`): `session_id` is an `i32`; `chars: 5` was not refused (observed: the unknown session answered). @see spec §2.5, §6.2 */
export const WRITE_STDIN_ARGS: ArgumentsShape = {
  fields: { session_id: field("i32", false), chars: field("string-unchecked"), yield_time_ms: field("u64", false), max_output_tokens: field("usize", "unknown") },
  required: ["session_id"],
};

/**
 * What write_stdin parses before it looks the session up: `session_id` alone (an unknown session
 * answers `Unknown process id` whatever the other fields hold: `yield_time_ms: "x"`, `-1`, null,
 * `max_output_tokens: "x"`, observed); the whole WRITE_STDIN_ARGS only for a session Codex holds
 * (observed: `invalid type: string "x", expected u64` there). @see spec §2.5, §6.2
 */
export const WRITE_STDIN_SESSION_ARGS: ArgumentsShape = { fields: { session_id: WRITE_STDIN_ARGS.fields.session_id! }, required: ["session_id"] };

/** view_image's arguments (`ViewImageArgs`): a path and an optional detail. @see spec §5 */
export const VIEW_IMAGE_ARGS: ArgumentsShape = { fields: { path: field("string", false), detail: field("string", "unknown") }, required: ["path"] };

/** The variants of `sandbox_permissions`, in serde's order. @see spec §6.2 (observed `unknown variant` message) */
export const SANDBOX_PERMISSIONS = ["use_default", "require_escalated", "with_additional_permissions"] as const;

/** What serde names an expected type in its messages. */
const EXPECTED: Record<FieldType, string> = {
  string: "a string",
  boolean: "a boolean",
  u64: "u64",
  usize: "usize",
  i32: "i32",
  sandbox: "",
  "string-list": "",
  "string-unchecked": "",
  other: "",
};

/** The integer range of each Rust integer type. */
const RANGES: Partial<Record<FieldType, [number, number]>> = {
  u64: [0, 2 ** 64 - 1],
  usize: [0, 2 ** 64 - 1],
  i32: [-(2 ** 31), 2 ** 31 - 1],
};

/**
 * The text Codex answers for arguments its serde derive refuses, or null when they parse:
 * `failed to parse function arguments: <serde_json error>`. The arguments text is taken to be
 * the compact JSON of `input` (what correx's fake streams). Keys are visited in order: the first
 * refused value gives its message `at line 1 column <end of the value>` (a sequence or map: one
 * column before its opening bracket); after the object, a missing required field gives
 * `missing field \`<name>\` at line 1 column <the closing brace>`. Messages, each observed:
 * `invalid type: <found>, expected <a string|a boolean|u64|usize|i32>` (found: ``integer `5` ``,
 * ``boolean `true` ``, `string "…"`, `null`, `sequence`, `map`; a fractional number is `number`
 * for a string or boolean field and ``floating point `<its JSON text>` `` for an integer field; an
 * integer of 2^64 or more is a float to serde_json: ``floating point `1.8446744073709552e+19` ``),
 * ``invalid value: integer `<n>`, expected <type>`` for an integer out of the type's range, and
 * ``unknown variant `<v>`, expected one of `use_default`, `require_escalated`, `with_additional_permissions` ``.
 * What was not observed (null for some optional fields, wrong types of the policy fields, numbers
 * JavaScript writes with an exponent below 1e21, strings outside printable ASCII) is unsupported.
 * @see spec §6.2
 */
export function argumentsError(input: unknown, shape: ArgumentsShape): string | null {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new UnsupportedError("codex-cli: arguments that are not a JSON object are not modelled");
  }
  let column = 1; // after `{`
  const entries = Object.entries(input as Record<string, unknown>);
  for (const [index, [key, value]] of entries.entries()) {
    const valueStart = column + (index > 0 ? 1 : 0) + JSON.stringify(key).length + 1;
    column = valueStart + JSON.stringify(value).length;
    const declared = shape.fields[key];
    if (declared === undefined) continue; // unknown fields are ignored
    const refusal = refuse(value, declared);
    if (refusal === null) continue;
    // A sequence or map is refused one column before its opening bracket (observed), anything else at its last character.
    const at = refusal.startsWith("invalid type: sequence") || refusal.startsWith("invalid type: map") ? valueStart : column;
    return `failed to parse function arguments: ${refusal} at line 1 column ${at}`;
  }
  column += 1; // the closing brace
  for (const name of shape.required) {
    if (!Object.hasOwn(input, name)) return `failed to parse function arguments: missing field \`${name}\` at line 1 column ${column}`;
  }
  return null;
}

/** serde's refusal of one value for its field, without the position, or null when it fits. */
function refuse(value: unknown, declared: FieldShape): string | null {
  const { type } = declared;
  if (value === null) {
    if (declared.nullable === true) return null;
    if (declared.nullable === "unknown") throw new UnsupportedError("codex-cli: null for this optional argument is not modelled");
  }
  switch (type) {
    case "string":
      return typeof value === "string" ? null : `invalid type: ${unexpected(value, type)}, expected a string`;
    case "boolean":
      return typeof value === "boolean" ? null : `invalid type: ${unexpected(value, type)}, expected a boolean`;
    case "u64":
    case "usize":
    case "i32": {
      const [min, max] = RANGES[type]!;
      // serde_json reads an integer beyond u64 as a float; serde writes it in exponent form (`1.8446744073709552e+19` for 2^64, observed)
      if (typeof value === "number" && Number.isInteger(value) && value >= 2 ** 64) return `invalid type: floating point \`${value.toExponential()}\`, expected ${EXPECTED[type]}`;
      if (typeof value === "number" && Number.isInteger(value) && value < -(2 ** 63)) throw new UnsupportedError("codex-cli: serde's wording of an integer below i64 is not modelled");
      if (typeof value === "number" && Number.isInteger(value) && !JSON.stringify(value).includes("e")) {
        if (value >= min && value <= max) return null;
        return `invalid value: integer \`${JSON.stringify(value)}\`, expected ${EXPECTED[type]}`;
      }
      return `invalid type: ${unexpected(value, type)}, expected ${EXPECTED[type]}`;
    }
    case "sandbox":
      if (typeof value !== "string") throw new UnsupportedError("codex-cli: a sandbox_permissions value that is not a string is not modelled");
      if ((SANDBOX_PERMISSIONS as readonly string[]).includes(value)) return null;
      return `unknown variant ${rustQuoted(value)}, expected one of ${SANDBOX_PERMISSIONS.map((name) => `\`${name}\``).join(", ")}`;
    case "string-unchecked":
      if (typeof value === "string") return null;
      throw new UnsupportedError("codex-cli: write_stdin chars that are not a string are not modelled");
    case "string-list":
      if (Array.isArray(value) && value.every((item) => typeof item === "string")) return null;
      throw new UnsupportedError("codex-cli: a prefix_rule that is not a list of strings is not modelled");
    default:
      throw new UnsupportedError("codex-cli: this argument's refusals are not modelled");
  }
}

/** serde's description of an unexpected value (Unexpected's Display). */
function unexpected(value: unknown, type: FieldType): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return `boolean \`${value}\``;
  if (typeof value === "number") {
    const text = JSON.stringify(value);
    if (Number.isInteger(value) && !text.includes("e")) return `integer \`${text}\``;
    // A string or boolean field calls a fractional number `number`; an integer field quotes it (both observed).
    if (type === "string" || type === "boolean") return "number";
    if (text.includes("e") && Math.abs(value) < 1e21) throw new UnsupportedError("codex-cli: serde's wording of a number JavaScript writes with an exponent is not modelled");
    return `floating point \`${text}\``;
  }
  if (typeof value === "string") return `string ${JSON.stringify(printable(value))}`;
  if (Array.isArray(value)) return "sequence";
  return "map";
}

/** A string serde quotes: the profile models printable ASCII only (where Rust's Debug and JSON agree). */
function printable(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new UnsupportedError("codex-cli: serde's quoting of a string outside printable ASCII is not modelled");
  return value;
}

/** A variant name as serde quotes it: between backticks. */
function rustQuoted(value: string): string {
  return `\`${printable(value)}\``;
}
