/**
 * correx: the contract, the reference and the conformance tools for what an agent's model sees
 * when a tool returns. A short, curated list; everything else is internal.
 */

// The contract: types generated from schemas/ (never edited by hand).
export type {
  ToolContent,
  ToolTextContent,
  ToolFileContent,
  ToolOutput,
  ToolResultValue,
  ToolResultPart,
  Message,
  ToolState,
  ToolResultOutput,
  CliFormatResult,
  FormatOptions,
  Case,
  Golden,
  AdapterRequest,
  AdapterResponse,
  BashObservation,
  ReadObservation,
  WriteObservation,
  EditObservation,
  GlobObservation,
  GrepObservation,
  WebfetchObservation,
} from "./generated/schema-types.js";

// Validation against any contract schema, by kind (e.g. "envelope/tool-result-part").
export { loadValidator } from "./schema/load-validator.js";
export { schemaKinds, resolveSchemaKind, type SchemaKind } from "./schema/schema-kind.js";
export { toValidationIssues, type ValidationIssue } from "./schema/validation-issue.js";
export type { Validator, ValidatorError } from "./generated/validator.js";

// The reference profiles and their envelope helpers (spec §1.1).
export { profiles, findProfile } from "./profiles/profile-registry.js";
export type { Profile, ProfileId, FormatRequest, TruncateRequest, TruncateResult } from "./profiles/profile.js";
export type { OutputStorePort } from "./profiles/output-store-port.js";
export { ToolOutput as ToolOutputHelpers } from "./profiles/opencode-core/core-tool-output.js";
export { ToolResultValue as ToolResultValueHelpers } from "./profiles/opencode-core/core-tool-result-value.js";
export { createOutputStore } from "./output-store/output-store-node.js";
export { cleanupOutputStore } from "./output-store/output-store-cleanup.js";

// Lowering to provider wire bodies (spec §4).
export { lowerCore } from "./lower/lower-core.js";
export { lowerCli, type CliFrom } from "./lower/opencode-cli/lower-cli.js";
export { LoweringError } from "./lower/lowering-error.js";

// The conformance runner and golden engine, for embedding.
export { runCheck, type CheckOptions, type CheckRun } from "./conformance/run-check.js";
export type { CaseOutcome, RunSummary } from "./conformance/case-outcome.js";
export { referenceOps } from "./adapter/reference-handler.js";
