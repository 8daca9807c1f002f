import { AdapterError } from "../../adapter/adapter-error.js";
import { referenceOps } from "../../adapter/reference-handler.js";
import { InputError } from "../../input/input-error.js";
import { MAX_RECORD_BYTES } from "../../input/input-limits.js";
import { parseJsonRecord } from "../../input/parse-json-record.js";
import { readTextFileAtMost } from "../../input/read-text-file.js";
import { findProfile } from "../../profiles/profile-registry.js";
import { focusIssues } from "../../schema/focus-issues.js";
import { loadValidator } from "../../schema/load-validator.js";
import { type SchemaKind, schemaKinds } from "../../schema/schema-kind.js";
import { toValidationIssues } from "../../schema/validation-issue.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { createLazyRunOutputDirectory } from "../run-output-directory.js";
import { unknownProfileError } from "../unknown-profile.js";
import { UsageError } from "../usage-error.js";

export const formatHelp = `usage: correx format --profile P --tool T --input JSON --observation JSON [--options JSON]

Prints the profile's tool result (after truncation) for one call and what the tool observed,
as JSON. Each JSON argument may also be @FILE. Observations: schemas/observations/<tool>.json.
A truncated result's full output is saved in a folder of this run (/tmp/correx-XXXXXX), removed
when the command ends; --options '{"outputDir":"DIR"}' keeps it in DIR.`;

async function jsonArgument(name: string, value: string | undefined): Promise<unknown> {
  if (value === undefined) return undefined;
  if (value.startsWith("@")) {
    // One JSON document: at most MAX_RECORD_BYTES, and the read stops there (`@/dev/zero` is refused, not read forever).
    return parseJsonRecord(readTextFileAtMost(value.slice(1), MAX_RECORD_BYTES, `--${name} file`), value.slice(1));
  }
  return parseJsonRecord(value, `--${name}`);
}

/** `correx format`: see formatHelp. */
export async function formatCommand(args: string[], io: CommandIo): Promise<number> {
  const { values } = parseCommandArgs(
    "format",
    args,
    {
      profile: { type: "string" },
      tool: { type: "string" },
      input: { type: "string" },
      observation: { type: "string" },
      options: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    false,
  );
  if (values.help) {
    io.out(formatHelp + "\n");
    return 0;
  }
  for (const required of ["profile", "tool", "input", "observation"]) {
    if (values[required] === undefined) throw new UsageError(`correx format: --${required} is required (see npx correx format --help)`);
  }
  const profile = String(values.profile);
  if (!findProfile(profile)) throw unknownProfileError("format", profile);
  const tool = String(values.tool);
  const input = await jsonArgument("input", values.input as string);
  const observation = await jsonArgument("observation", values.observation as string);
  const options = await jsonArgument("options", values.options as string | undefined);
  // A profile names its observation kinds where they are not `observations/<tool>` (codex-cli's apply_patch: patch-applied).
  const kind = (findProfile(profile)?.observationKinds?.[tool] ?? `observations/${tool}`) as SchemaKind;
  if (schemaKinds.includes(kind)) {
    const validate = await loadValidator(kind);
    if (!validate(observation)) {
      const [issue] = focusIssues(toValidationIssues(validate.errors ?? [], observation), observation);
      throw new InputError(`${issue?.pointer || "/"}: expected ${issue?.expected}, found ${issue?.found} (${kind})`, "--observation");
    }
  } else if (observation === null || typeof observation !== "object" || Array.isArray(observation)) {
    throw new InputError("expected an object", "--observation");
  }
  if (options !== undefined) {
    const validate = await loadValidator("options");
    if (!validate(options)) {
      const [issue] = toValidationIssues(validate.errors ?? [], options);
      throw new InputError(`${issue?.pointer || "/"}: expected ${issue?.expected}, found ${issue?.found}`, "--options");
    }
  }
  // Not the shared /tmp/correx-output: a folder of this run (same path length), removed at its end.
  const runOutput = createLazyRunOutputDirectory();
  const given = options as Record<string, unknown> | undefined;
  try {
    const { result } = referenceOps.format({ profile, tool, input, observation, options: given?.outputDir === undefined ? { ...given, outputDir: runOutput.path() } : given }) as {
      result: unknown;
    };
    io.out(JSON.stringify(result, null, 2) + "\n");
    return 0;
  } catch (error) {
    if (AdapterError.isInstance(error)) throw new UsageError(`correx format: ${error.message}`);
    throw error;
  } finally {
    runOutput.remove();
  }
}
