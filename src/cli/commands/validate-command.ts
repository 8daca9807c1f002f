import type { Validator } from "../../generated/validator.js";
import { expandGenerators, GeneratorError } from "../../golden/expand-generators.js";
import { InputError } from "../../input/input-error.js";
import { locateJsonPointer } from "../../input/locate-json-pointer.js";
import { parseJsonRecord } from "../../input/parse-json-record.js";
import type { YamlRecord } from "../../input/parse-yaml-record.js";
import { type InputRecord, readRecords } from "../../input/read-records.js";
import { textPosition } from "../../input/text-position.js";
import type { Scenario } from "../../scenario/scenario.js";
import { findScenarioLimitProblem } from "../../scenario/scenario-limits.js";
import { focusIssues } from "../../schema/focus-issues.js";
import { inferSchemaKinds } from "../../schema/infer-schema-kind.js";
import { loadAllErrorsValidator, loadValidator } from "../../schema/load-validator.js";
import { resolveSchemaKind, type SchemaKind, schemaKindAliases, schemaKinds } from "../../schema/schema-kind.js";
import { toValidationIssues, type ValidationIssue } from "../../schema/validation-issue.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { closest, withSuggestions } from "../schema-suggestions.js";
import { UsageError } from "../usage-error.js";

export const validateHelp = `usage: correx validate [--as KIND] [--format text|json] FILE...|-

Validates JSON, JSONL (one record a line) or YAML against a correx schema.
KIND is inferred from each record's shape when --as is omitted (observations need --as).
Exit 0: all valid; 1: something is invalid; 2: bad usage or unreadable/malformed input.`;

/** Issues about a member itself (not its value) point at the member's key. */
const MEMBER_CODES = new Set(["additionalProperties", "unevaluatedProperties"]);

interface FileReport {
  file: string;
  records: number;
  invalid: number;
  kinds: Map<string, number>;
  errors: (ValidationIssue & { kind: string })[];
}

/** `correx validate`: see validateHelp. */
export async function validateCommand(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArgs("validate", args, {
    as: { type: "string" },
    format: { type: "string", default: "text" },
    help: { type: "boolean", short: "h" },
  });
  const format = String(values.format);
  const asKind = values.as === undefined ? undefined : String(values.as);
  if (values.help) {
    io.out(validateHelp + "\n");
    return 0;
  }
  if (format !== "text" && format !== "json") {
    throw new UsageError(`correx validate: --format must be text or json, found "${format}"`);
  }
  let forced: SchemaKind | null = null;
  if (asKind !== undefined) {
    forced = resolveSchemaKind(asKind);
    if (!forced) {
      const typo = closest(asKind, [...schemaKinds, ...schemaKindAliases()]);
      throw new UsageError(`correx validate: unknown --as "${asKind}"${typo ? ` (did you mean "${typo}"?)` : ""}; known: ${schemaKindAliases().join(", ")}`);
    }
  }
  if (positionals.length === 0) throw new UsageError("correx validate: no input; give FILE... or - for stdin");

  let exit = 0;
  for (const file of positionals) {
    const report: FileReport = { file: file === "-" ? "<stdin>" : file, records: 0, invalid: 0, kinds: new Map(), errors: [] };
    try {
      for await (const batch of readRecords(file)) {
        for (const record of batch) {
          for (let needed = validateRecord(record, report, forced); needed; needed = validateRecord(record, report, forced)) {
            for (const need of needed) {
              if (need === "yaml") yamlParser = (await import("../../input/parse-yaml-record.js")).parseYamlRecord;
              else if (need.startsWith("all-errors:")) {
                const kind = need.slice("all-errors:".length) as SchemaKind;
                explainers.set(kind, await loadAllErrorsValidator(kind));
              } else validators.set(need as SchemaKind, await loadValidator(need as SchemaKind));
            }
          }
        }
      }
    } catch (error) {
      if (!InputError.isInstance(error)) throw error;
      io.err(`correx validate: ${error.render()}\n`);
      exit = 2;
      continue;
    }
    if (report.invalid > 0 && exit === 0) exit = 1;
    io.out(format === "json" ? renderJson(report) : renderText(report));
  }
  return exit;
}

const kindSet = new Set<string>(schemaKinds);
/** The inferred kinds this build has schemas for (wire kinds may be missing in older builds). */
function knownKinds(kinds: SchemaKind[]): SchemaKind[] {
  return kinds.length === 1 && kindSet.has(kinds[0]) ? kinds : kinds.filter((kind) => kindSet.has(kind));
}

/** The YAML parser, loaded on first use (the yaml package costs ~30 ms to load). */
let yamlParser: ((text: string, file: string) => YamlRecord) | null = null;

/** All-errors validators, loaded the first time a record of that kind fails. */
const explainers = new Map<SchemaKind, Validator>();

/** Validators loaded so far: the per-record path stays synchronous once a kind is loaded. */
const validators = new Map<SchemaKind, Validator>();

/**
 * Validates one record into the report. Returns the kinds it needs whose validators are not
 * loaded yet (the caller loads them and calls again), or null when done.
 */
function validateRecord(record: InputRecord, report: FileReport, forced: SchemaKind | null): string[] | null {
  let value: unknown;
  let locate: (pointer: string, atKey?: boolean) => { line: number; column: number };
  if (record.format === "json") {
    value = parseJsonRecord(record.text, report.file, record.line);
    locate = (pointer, atKey) => textPosition(record.text, locateJsonPointer(record.text, pointer, atKey), record.line);
  } else {
    if (!yamlParser) return ["yaml"];
    const parsed = yamlParser(record.text, report.file);
    value = parsed.value;
    locate = parsed.locate;
  }
  const candidates = forced ? [forced] : knownKinds(inferSchemaKinds(value));
  for (const kind of candidates) if (!validators.has(kind)) return candidates.filter((each) => !validators.has(each));
  report.records++;
  if (candidates[0] === "case" || candidates[0] === "golden") {
    try {
      value = expandGenerators(value);
    } catch (error) {
      if (!GeneratorError.isInstance(error)) throw error;
      const { line, column } = locate(error.pointer);
      throw new InputError(`${error.pointer || "/"}: ${error.message}`, report.file, line, column);
    }
  }
  if (candidates.length === 0) {
    report.invalid++;
    const { line, column } = locate("");
    report.errors.push({
      kind: "unknown",
      code: "kind",
      pointer: "",
      line,
      column,
      schemaPath: "",
      params: {},
      expected: "a shape correx knows (or use --as KIND)",
      found:
        value === null
          ? "null"
          : Array.isArray(value)
            ? "an array"
            : typeof value === "object"
              ? `an object with keys ${
                  Object.keys(value as object)
                    .slice(0, 5)
                    .join(", ") || "none"
                }`
              : typeof value,
    });
    return null;
  }
  for (const kind of candidates) {
    if (validators.get(kind)!(value)) {
      // A scenario the schema admits may still break a limit the gate refuses it for (README "Limits").
      const problem = kind === "scenario" ? findScenarioLimitProblem(value as Scenario) : null;
      if (problem) {
        const { line, column } = locate(problem.pointer, problem.atKey);
        const pointer = problem.atKey ? problem.pointer.slice(0, problem.pointer.lastIndexOf("/")) : problem.pointer;
        report.invalid++;
        report.errors.push({ kind, code: "limit", pointer, line, column, schemaPath: "", params: {}, expected: `a scenario within correx's limits`, found: problem.message });
        return null;
      }
      report.kinds.set(kind, (report.kinds.get(kind) ?? 0) + 1);
      return null;
    }
  }
  // Invalid: explain it against the best guess, with every error at once.
  const explain = explainers.get(candidates[0]);
  if (!explain) {
    report.records--;
    return [`all-errors:${candidates[0]}`];
  }
  explain(value);
  const firstIssues = focusIssues(toValidationIssues(explain.errors ?? [], value), value);
  report.invalid++;
  for (const issue of firstIssues ?? []) {
    const { line, column } = locate(issue.pointer, MEMBER_CODES.has(issue.code));
    report.errors.push({ ...withSuggestions(issue, candidates[0], value), line, column, kind: candidates[0] });
  }
  return null;
}

function renderText(report: FileReport): string {
  const lines = report.errors.map((issue) => `${report.file}:${issue.line}:${issue.column}  ${issue.pointer || "/"}  expected ${issue.expected}, found ${issue.found}  (${issue.kind})`);
  const kinds = [...report.kinds.keys()].join(", ");
  if (report.invalid === 0) {
    lines.push(report.records === 1 ? `${report.file}: valid ${kinds}` : `${report.file}: ${report.records} records valid (${kinds})`);
  } else {
    lines.push(report.records === 1 ? `${report.file}: invalid ${report.errors[0]?.kind ?? ""}` : `${report.file}: ${report.invalid} of ${report.records} records invalid`);
  }
  return lines.join("\n") + "\n";
}

function renderJson(report: FileReport): string {
  return (
    JSON.stringify({
      file: report.file,
      valid: report.invalid === 0,
      records: report.records,
      invalid: report.invalid,
      kinds: Object.fromEntries(report.kinds),
      errors: report.errors.map((issue) => ({
        line: issue.line,
        column: issue.column,
        pointer: issue.pointer,
        kind: issue.kind,
        code: issue.code,
        expected: issue.expected,
        found: issue.found,
        schemaPath: issue.schemaPath,
      })),
    }) + "\n"
  );
}
