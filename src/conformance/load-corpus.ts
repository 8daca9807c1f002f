import { expandGenerators, GeneratorError, stubGenerators } from "../golden/expand-generators.js";
import type { GoldenPort } from "../golden/golden-port.js";
import { InputError } from "../input/input-error.js";
import { parseYamlRecord } from "../input/parse-yaml-record.js";
import { findProfile } from "../profiles/profile-registry.js";
import { focusIssues } from "../schema/focus-issues.js";
import { loadValidator } from "../schema/load-validator.js";
import { type SchemaKind, schemaKinds } from "../schema/schema-kind.js";
import { toValidationIssues, type ValidationIssue } from "../schema/validation-issue.js";
import type { LoadedCase, LoadedGolden } from "./loaded-case.js";

/** Where a corpus lives: cases under `casesRoot`, goldens under `goldenRoot`, same relative paths. */
export interface CorpusLocation {
  casesRoot: string;
  goldenRoot: string;
}

/**
 * Improves a schema issue for the person who must fix it (the CLI passes `withSuggestions`: the
 * allowed values, "did you mean"), given the schema kind and the validated value.
 */
export type IssueExplainer = (issue: ValidationIssue, kind: string, data: unknown) => ValidationIssue;
const asIs: IssueExplainer = (issue) => issue;

/**
 * The observation schema a format case's observation must fit (a profile may name its own, e.g.
 * codex-cli's apply_patch), or null when the case is not a format case or the tool has none.
 * `correx check` and `correx validate --as case` both apply it.
 */
export function caseObservationKind(body: Record<string, unknown>): SchemaKind | null {
  if (body.stage !== "format") return null;
  const kind = (findProfile(String(body.profile))?.observationKinds?.[String(body.tool)] ?? `observations/${String(body.tool)}`) as SchemaKind;
  return schemaKinds.includes(kind) ? kind : null;
}

/** Why a case at `id` (`<profile>/<area>/<name>`) names the wrong profile, or null. */
export function caseFolderProblem(body: Record<string, unknown>, id: string): { pointer: string; expected: string; found: string } | null {
  const folder = id.split("/")[0]!;
  return id.startsWith(`${String(body.profile)}/`) ? null : { pointer: "/profile", expected: `"${folder}" (a case under ${folder}/ must name that profile)`, found: JSON.stringify(body.profile) };
}

/** Path of a case's golden (and, with `.new`, of its pending golden). */
export const goldenPathOf = (location: CorpusLocation, id: string) => `${location.goldenRoot}/${id}.yaml`;

/** Every case file's path under the cases root, sorted (the order of case ids). */
export const listCaseFiles = (port: GoldenPort, location: CorpusLocation): string[] => port.list(location.casesRoot, ".yaml");

/**
 * Reads every case (sorted by id; or the case files `relatives`, in their order), checking its generators and validating each against
 * schemas/case.json and its observation against schemas/observations/<tool>.json.
 * A broken case is bad input: InputError naming the file, line and field.
 */
export async function loadCases(port: GoldenPort, location: CorpusLocation, explain: IssueExplainer = asIs, relatives: readonly string[] = listCaseFiles(port, location)): Promise<LoadedCase[]> {
  const validateCase = await loadValidator("case");
  const cases: LoadedCase[] = [];
  for (const relative of relatives) {
    const file = `${location.casesRoot}/${relative}`;
    const text = port.read(file) ?? "";
    const record = parseYamlRecord(text, file);
    let body: Record<string, unknown>;
    try {
      body = stubGenerators(record.value) as Record<string, unknown>;
    } catch (error) {
      if (!GeneratorError.isInstance(error)) throw error;
      const { line, column } = record.locate(error.pointer);
      throw new InputError(`${error.pointer || "/"}: ${error.message}`, file, line, column);
    }
    const fail = (pointer: string, message: string): never => {
      const { line, column } = record.locate(pointer);
      throw new InputError(`${pointer || "/"}: ${message}`, file, line, column);
    };
    if (!validateCase(body)) {
      const [found] = focusIssues(toValidationIssues(validateCase.errors ?? [], body), body);
      const issue = found && explain(found, "case", body);
      fail(issue?.pointer ?? "", `expected ${issue?.expected}, found ${issue?.found}`);
    }
    const kind = caseObservationKind(body);
    if (kind) {
      const validateObservation = await loadValidator(kind);
      if (!validateObservation(body.observation)) {
        const [found] = focusIssues(toValidationIssues(validateObservation.errors ?? [], body.observation), body.observation);
        const issue = found && explain(found, kind, body.observation);
        fail(`/observation${issue?.pointer ?? ""}`, `expected ${issue?.expected}, found ${issue?.found} (${kind})`);
      }
    }
    const redact = ((body.redact as LoadedCase["redact"] | undefined) ?? []).map((rule, index) => {
      const pointer = `/redact/${index}/pattern`;
      try {
        new RegExp(rule.pattern, "g");
      } catch (error) {
        fail(pointer, `not a valid JavaScript regular expression: ${(error as Error).message}`);
      }
      return { ...rule, ...record.locate(pointer) };
    });
    const id = relative.replace(/\.yaml$/, "");
    const raw = record.value as Record<string, unknown>; // not the parsed document: only the value is kept
    const folder = caseFolderProblem(body, id);
    if (folder) fail(folder.pointer, `expected ${folder.expected}, found ${folder.found}`);
    cases.push({
      id,
      file,
      profile: body.profile as string,
      stage: body.stage as LoadedCase["stage"],
      spec: body.spec as string,
      level: (body.level as LoadedCase["level"]) ?? "must",
      tags: (body.tags as string[]) ?? [],
      description: body.description as string | undefined,
      tool: body.stage === "format" ? (body.tool as string) : undefined,
      protocols: body.stage === "lower" ? (body.protocols as string[]) : [],
      body: raw,
      expandBody: bodyExpander(raw),
      redact,
    });
  }
  return cases;
}

/**
 * The case's `expandBody`. Made outside `loadCases`' loop so the closure holds only the body:
 * a closure there would share the loop's scope and keep the parsed YAML document alive for
 * every case of the run.
 */
function bodyExpander(raw: Record<string, unknown>): () => Record<string, unknown> {
  return () => expandGenerators(raw) as Record<string, unknown>;
}

/** Reads one golden, or null when it does not exist. Throws InputError when it is malformed. */
export async function loadGolden(port: GoldenPort, location: CorpusLocation, id: string): Promise<LoadedGolden | null> {
  const file = goldenPathOf(location, id);
  const text = port.read(file);
  if (text === null) return null;
  const record = parseYamlRecord(text, file);
  const validate = await loadValidator("golden");
  const fail = (pointer: string, message: string): never => {
    const { line, column } = record.locate(pointer);
    throw new InputError(`${pointer || "/"}: ${message}`, file, line, column);
  };
  if (!validate(record.value)) {
    const [issue] = toValidationIssues(validate.errors ?? [], record.value);
    fail(issue?.pointer ?? "", `expected ${issue?.expected}, found ${issue?.found}`);
  }
  const golden = record.value as { case: string; expected: unknown; spec?: string; reviewed?: string };
  if (golden.case !== id) fail("/case", `expected "${id}" (the case this golden belongs to), found "${golden.case}"`);
  let expected: unknown;
  try {
    expected = expandGenerators(golden.expected, "/expected");
  } catch (error) {
    if (!GeneratorError.isInstance(error)) throw error;
    fail(error.pointer, error.message);
  }
  return { file, text, expected, spec: golden.spec, reviewed: golden.reviewed };
}
