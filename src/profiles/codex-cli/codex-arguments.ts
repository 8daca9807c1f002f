import { UnsupportedError } from "../profile.js";

/** How Codex's serde derive types one argument field. */
export type FieldType = "string" | "boolean" | "unsigned" | "integer" | "other";

/** The fields a tool's arguments struct declares, and which are required. */
export interface ArgumentsShape {
  fields: Readonly<Record<string, FieldType>>;
  required: readonly string[];
}

/** exec_command's arguments (codex-rs/core/src/tools/handlers/unified_exec.rs `ExecCommandArgs`). @see spec §2.1 */
export const EXEC_COMMAND_ARGS: ArgumentsShape = {
  fields: {
    cmd: "string",
    workdir: "string",
    shell: "string",
    tty: "boolean",
    login: "boolean",
    justification: "string",
    yield_time_ms: "unsigned",
    max_output_tokens: "unsigned",
    sandbox_permissions: "other",
    prefix_rule: "other",
  },
  required: ["cmd"],
};

/** write_stdin's arguments (`WriteStdinArgs`). @see spec §2.5 */
export const WRITE_STDIN_ARGS: ArgumentsShape = {
  fields: { session_id: "integer", chars: "string", yield_time_ms: "unsigned", max_output_tokens: "unsigned" },
  required: ["session_id"],
};

/** view_image's arguments (`ViewImageArgs`). @see spec §5 */
export const VIEW_IMAGE_ARGS: ArgumentsShape = { fields: { path: "string" }, required: ["path"] };

/**
 * The text Codex answers for arguments its serde derive refuses, or null when they parse:
 * `failed to parse function arguments: <serde_json error>`. The arguments text is taken to be
 * the compact JSON of `input` (what correx's fake streams). Keys are visited in order: the first
 * value of the wrong type gives `invalid type: <found>, expected <a string|a boolean> at line 1
 * column <end of the value>`; after the object, a missing required field gives `missing field
 * \`<name>\` at line 1 column <the closing brace>`. A sequence or map is refused one column before its opening
 * bracket's column; a fractional number is described as `number`, an integer as ``integer `5` ``. Nullable (Option) fields take null; `cmd`,
 * `session_id` and `path` do not. Errors of number fields and of the policy fields are not
 * modelled (unsupported).
 * @see spec §6.2 (observed: `missing field \`cmd\` at line 1 column 2`, `invalid type: integer \`5\`, expected a string at line 1 column 8`)
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
    const type = shape.fields[key];
    if (type === undefined) continue; // unknown fields are ignored
    const found = mismatch(value, type, shape.required.includes(key));
    // A sequence or map is refused one column before its opening bracket (observed), a scalar at its last character.
    const at = found === "sequence" || found === "map" ? valueStart : column;
    if (found !== null) return `failed to parse function arguments: invalid type: ${found}, expected ${type === "string" ? "a string" : "a boolean"} at line 1 column ${at}`;
  }
  column += 1; // the closing brace
  for (const name of shape.required) {
    if (!Object.hasOwn(input, name)) return `failed to parse function arguments: missing field \`${name}\` at line 1 column ${column}`;
  }
  return null;
}

/** serde's description of an unexpected value, or null when the value fits. */
function mismatch(value: unknown, type: FieldType, required: boolean): string | null {
  if (value === null && !required) return null;
  switch (type) {
    case "string":
      return typeof value === "string" ? null : unexpected(value);
    case "boolean":
      return typeof value === "boolean" ? null : unexpected(value);
    case "unsigned":
    case "integer":
      if (typeof value === "number" && Number.isInteger(value) && (type === "integer" || value >= 0)) return null;
      throw new UnsupportedError("codex-cli: a number argument of the wrong type or range is not modelled");
    default:
      throw new UnsupportedError("codex-cli: sandbox_permissions and prefix_rule are not modelled");
  }
}

function unexpected(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return `boolean \`${value}\``;
  if (typeof value === "number") return Number.isInteger(value) ? `integer \`${value}\`` : "number";
  if (typeof value === "string") return `string ${JSON.stringify(value)}`;
  if (Array.isArray(value)) return "sequence";
  return "map";
}
