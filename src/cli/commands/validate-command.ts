import type { Validator } from "../../generated/validator.js";
import { InputError } from "../../input/input-error.js";
import { locateJsonPointer } from "../../input/locate-json-pointer.js";
import { parseJsonRecord } from "../../input/parse-json-record.js";
import type { YamlRecord } from "../../input/parse-yaml-record.js";
import { type InputRecord, readRecords } from "../../input/read-records.js";
import { textPosition } from "../../input/text-position.js";
import type { Scenario } from "../../scenario/scenario.js";
import { focusIssues } from "../../schema/focus-issues.js";
import { inferSchemaKinds } from "../../schema/infer-schema-kind.js";
import { loadAllErrorsValidator, loadValidator } from "../../schema/load-validator.js";
import { resolveSchemaKind, type SchemaKind, schemaKindAliases, schemaKinds } from "../../schema/schema-kind.js";
import { toValidationIssues, type ValidationIssue } from "../../schema/validation-issue.js";
import type { CommandIo } from "../command-io.js";
import { renderInputError } from "../package-copy-hint.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { UsageError } from "../usage-error.js";

export const validateHelp = `usage: correx validate [--as KIND] [--format text|json] FILE...|-

Validates JSON, JSONL (one record a line) or YAML against a correx schema.
KIND is inferred from each record's shape when --as is omitted (observations need --as);
a profile id as KIND means that profile's tool result (npx correx profiles lists each one's schema).
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
    // A profile id means that profile's tool result (Profile.resultKind).
    const { findProfile } = await import("../../profiles/profile-registry.js");
    const profileKind = findProfile(asKind)?.resultKind;
    forced = profileKind !== undefined ? (profileKind as SchemaKind) : resolveSchemaKind(asKind);
    if (!forced) {
      const { closest } = await import("../schema-suggestions.js");
      const { profileSuggestions } = await import("../unknown-profile.js");
      const { listProfiles } = await import("../../profiles/profile-registry.js");
      const profileIds = listProfiles().map((profile) => profile.id);
      const typo = closest(asKind, [...schemaKinds, ...schemaKindAliases()]);
      const near = typo !== null ? [typo] : profileSuggestions(asKind, profileIds);
      const hint = near.length === 0 ? "" : ` (did you mean ${near.map((id) => JSON.stringify(id)).join(" or ")}?)`;
      throw new UsageError(`correx validate: unknown --as "${asKind}"${hint}; known: a profile id (${profileIds.join(", ")}) or ${schemaKindAliases().join(", ")}`);
    }
  }
  if (positionals.length === 0) throw new UsageError("correx validate: no input; give FILE... or - for stdin");
  if (positionals.filter((file) => file === "-").length > 1) throw new UsageError("correx validate: - (stdin) is given more than once; stdin can be read once");

  const forcedKinds: readonly SchemaKind[] | null = forced ? [forced] : null;
  let exit = 0;
  for (const file of positionals) {
    const report: FileReport = { file: file === "-" ? "<stdin>" : file, records: 0, invalid: 0, kinds: new Map(), errors: [] };
    try {
      for await (const batch of readRecords(file)) {
        for (const record of batch) {
          for (let needed = validateRecord(record, report, forcedKinds); needed; needed = validateRecord(record, report, forcedKinds)) {
            for (const need of needed) {
              if (need === "yaml") yamlParser = (await import("../../input/parse-yaml-record.js")).parseYamlRecord;
              else if (need === "suggestions") suggestions = await import("../schema-suggestions.js");
              else if (need === "corpus-rules") corpusRules = await loadCorpusRules();
              else if (need === "scenario-problems") scenarioProblem = (await import("../../scenario/scenario-problems.js")).findScenarioProblem;
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
      io.err(`correx validate: ${renderInputError(error)}\n`);
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
function knownKinds(kinds: readonly SchemaKind[]): readonly SchemaKind[] {
  return kinds.length === 1 && kindSet.has(kinds[0]!) ? kinds : kinds.filter((kind) => kindSet.has(kind));
}

/** The YAML parser, loaded on first use (the yaml package costs ~30 ms to load). */
let yamlParser: ((text: string, file: string) => YamlRecord) | null = null;

/** Fix suggestions for invalid records (reads the schema files), loaded the first time a record fails. */
let suggestions: typeof import("../schema-suggestions.js") | null = null;

/**
 * What cases and goldens are held to beyond their schemas (generators; a case's observation kind
 * and folder), loaded the first time one is seen: it loads every profile, which a tool result's
 * validation never needs (start-up time).
 */
let corpusRules: Awaited<ReturnType<typeof loadCorpusRules>> | null = null;
async function loadCorpusRules() {
  const [corpus, generators] = await Promise.all([import("../../conformance/load-corpus.js"), import("../../golden/expand-generators.js")]);
  return { caseObservationKind: corpus.caseObservationKind, caseFolderProblem: corpus.caseFolderProblem, expandGenerators: generators.expandGenerators, GeneratorError: generators.GeneratorError };
}

/** The limits and rules a scenario is held to beyond its schema (as the gate loads it), loaded the first time one is seen. */
let scenarioProblem: typeof import("../../scenario/scenario-problems.js").findScenarioProblem | null = null;

/** All-errors validators, loaded the first time a record of that kind fails. */
const explainers = new Map<SchemaKind, Validator>();

/** Validators loaded so far: the per-record path stays synchronous once a kind is loaded. */
const validators = new Map<SchemaKind, Validator>();

/**
 * Validates one record into the report. Returns the kinds it needs whose validators are not
 * loaded yet (the caller loads them and calls again), or null when done.
 */
function validateRecord(record: InputRecord, report: FileReport, forced: readonly SchemaKind[] | null): string[] | null {
  let value: unknown;
  // where a pointer sits: only asked for when something is wrong (no closure per record)
  let yaml: YamlRecord | null = null;
  if (record.format === "json") value = parseJsonRecord(record.text, report.file, record.line);
  else {
    if (!yamlParser) return ["yaml"];
    yaml = yamlParser(record.text, report.file);
    value = yaml.value;
  }
  const candidates = forced ?? knownKinds(inferSchemaKinds(value));
  for (const kind of candidates) if (!validators.has(kind)) return candidates.filter((each) => !validators.has(each));
  const corpusKind = candidates[0] === "case" || candidates[0] === "golden";
  if (corpusKind && !corpusRules) return ["corpus-rules"];
  if (candidates.includes("scenario") && !scenarioProblem) return ["scenario-problems"];
  // A case's observation must also fit its tool's observation schema, as `correx check` requires.
  const observationKind = candidates[0] === "case" && value !== null && typeof value === "object" ? corpusRules!.caseObservationKind(value as Record<string, unknown>) : null;
  if (observationKind && !validators.has(observationKind)) return [observationKind];
  // check's own rules for a case give their issues suggestions: loaded first, like a failing record's.
  if (candidates[0] === "case" && !suggestions) return ["suggestions"];
  report.records++;
  if (corpusKind) {
    try {
      value = corpusRules!.expandGenerators(value);
    } catch (error) {
      if (!corpusRules!.GeneratorError.isInstance(error)) throw error;
      const { line, column } = locateIn(record, yaml, error.pointer);
      throw new InputError(`${error.pointer || "/"}: ${error.message}`, report.file, line, column);
    }
  }
  if (candidates.length === 0) {
    report.invalid++;
    const { line, column } = locateIn(record, yaml, "");
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
      if (kind === "case" && suggestions) {
        const locate = (pointer: string, atKey?: boolean) => locateIn(record, yaml, pointer, atKey);
        if (caseRuleIssues(value as Record<string, unknown>, observationKind, report, locate, suggestions.withSuggestions)) return null;
      }
      // A scenario the schema admits may still break a limit or a rule the gate refuses it for (README "Limits").
      const problem = kind === "scenario" ? scenarioProblem!(value as Scenario) : null;
      if (problem) {
        const { line, column } = locateIn(record, yaml, problem.pointer, problem.atKey);
        const pointer = problem.atKey ? problem.pointer.slice(0, problem.pointer.lastIndexOf("/")) : problem.pointer;
        report.invalid++;
        const expected = problem.rule ? "a scenario the gate can run" : "a scenario within correx's limits";
        report.errors.push({ kind, code: problem.rule ? "scenario-rule" : "limit", pointer, line, column, schemaPath: "", params: {}, expected, found: problem.message });
        return null;
      }
      report.kinds.set(kind, (report.kinds.get(kind) ?? 0) + 1);
      return null;
    }
  }
  // Invalid: explain it against the best guess, with every error at once.
  const explain = explainers.get(candidates[0]);
  if (!explain || !suggestions) {
    report.records--;
    return [...(explain ? [] : [`all-errors:${candidates[0]}`]), ...(suggestions ? [] : ["suggestions"])];
  }
  explain(value);
  const firstIssues = focusIssues(toValidationIssues(explain.errors ?? [], value), value);
  report.invalid++;
  for (const issue of firstIssues ?? []) {
    const { line, column } = locateIn(record, yaml, issue.pointer, MEMBER_CODES.has(issue.code));
    report.errors.push({ ...suggestions.withSuggestions(issue, candidates[0], value), line, column, kind: candidates[0] });
  }
  return null;
}

/**
 * The rules `correx check` holds a case to beyond schemas/case.json: its observation fits the
 * tool's observation schema, and a file under `fixtures/cases/<profile>/` names that profile.
 * Records each broken one in the report; true when there was one.
 */
function caseRuleIssues(
  value: Record<string, unknown>,
  observationKind: SchemaKind | null,
  report: FileReport,
  locate: (pointer: string, atKey?: boolean) => { line: number; column: number },
  withSuggestions: (issue: ValidationIssue, kind: string, data: unknown) => ValidationIssue,
): boolean {
  const issues: (ValidationIssue & { kind: string })[] = [];
  if (observationKind && !validators.get(observationKind)!(value.observation)) {
    const found = focusIssues(toValidationIssues(validators.get(observationKind)!.errors ?? [], value.observation), value.observation);
    for (const issue of found) {
      const pointer = `/observation${issue.pointer}`;
      issues.push({ ...withSuggestions(issue, observationKind, value.observation), pointer, ...locate(pointer, MEMBER_CODES.has(issue.code)), kind: observationKind });
    }
  }
  const id = /(?:^|\/)fixtures\/cases\/(.+)\.yaml$/.exec(report.file)?.[1];
  const folder = id === undefined ? null : corpusRules!.caseFolderProblem(value, id);
  if (folder) issues.push({ code: "case-folder", pointer: folder.pointer, schemaPath: "", params: {}, expected: folder.expected, found: folder.found, ...locate(folder.pointer), kind: "case" });
  if (issues.length === 0) return false;
  report.invalid++;
  report.errors.push(...issues);
  return true;
}

/** Where a JSON pointer sits in a record's source (line and column in the input). */
function locateIn(record: InputRecord, yaml: YamlRecord | null, pointer: string, atKey = false): { line: number; column: number } {
  if (yaml) return yaml.locate(pointer, atKey);
  return textPosition(record.text, locateJsonPointer(record.text, pointer, atKey), record.line);
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
