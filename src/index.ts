/**
 * correx: the contract, the reference and the conformance tools for what an agent's model sees
 * when a tool returns. A short, curated list; everything else is internal.
 */

export { referenceOps } from "./adapter/reference-handler.js";
export type { CaseOutcome, RunSummary } from "./conformance/case-outcome.js";
// The conformance runner and golden engine, for embedding.
export { type CheckOptions, type CheckRun, runCheck } from "./conformance/run-check.js";
// The contract: types generated from schemas/ (never edited by hand).
export type {
  AdapterRequest,
  AdapterResponse,
  BashObservation,
  Case,
  CliFormatResult,
  EditObservation,
  FormatOptions,
  GlobObservation,
  Golden,
  GrepObservation,
  Message,
  ReadObservation,
  ToolContent,
  ToolFileContent,
  ToolOutput,
  ToolResultOutput,
  ToolResultPart,
  ToolResultValue,
  ToolState,
  ToolTextContent,
  WebfetchObservation,
  WriteObservation,
} from "./generated/schema-types.js";
export type { Validator, ValidatorError } from "./generated/validator.js";
// Lowering to provider wire bodies (spec §4).
export { lowerCore } from "./lower/lower-core.js";
export { LoweringError } from "./lower/lowering-error.js";
export { type CliFrom, lowerCli } from "./lower/opencode-cli/lower-cli.js";
export { cleanupOutputStore } from "./output-store/output-store-cleanup.js";
export { createOutputStore } from "./output-store/output-store-node.js";
export { ToolOutput as ToolOutputHelpers } from "./profiles/opencode-core/result/core-tool-output.js";
export { ToolResultValue as ToolResultValueHelpers } from "./profiles/opencode-core/result/core-tool-result-value.js";
export type { OutputStorePort } from "./profiles/output-store-port.js";
export type {
  FormatRequest,
  LowerHistoryRequest,
  Profile,
  ProfileAgent,
  ProfileHistory,
  ProfileId,
  ProfileStepCall,
  ProfileTool,
  ProfileVersions,
  ToolDeclaration,
  TruncateRequest,
  TruncateResult,
} from "./profiles/profile.js";
// The reference profiles and their envelope helpers (spec §1.1).
export { findProfile, listProfiles, profiles, registerProfile } from "./profiles/profile-registry.js";
// Validation against any contract schema, by kind (e.g. "envelope/tool-result-part").
export { loadValidator } from "./schema/load-validator.js";
export { resolveSchemaKind, type SchemaKind, schemaKinds } from "./schema/schema-kind.js";
export { toValidationIssues, type ValidationIssue } from "./schema/validation-issue.js";
