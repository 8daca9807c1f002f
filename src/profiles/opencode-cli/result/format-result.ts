/**
 * What the opencode-cli profile's `format` returns (schemas/opencode-cli/format-result.json, types
 * generated in src/generated/), and what each v1 tool hands to the §2.0 wrapper.
 * @see spec §1.3, §2.0
 */
import type { CliFormatCompleted, CliFormatError, CliFormatResult, FilePart } from "../../../generated/schema-types.js";

export type { CliFormatCompleted, CliFormatError, CliFormatResult };

/** A v1 attachment (schemas/opencode-cli/tool-state.json#/$defs/FilePart). */
export type CliFilePart = FilePart;

/**
 * A v1 tool's return value before the §2.0 wrapper. `truncated` is set by the tools that
 * truncate on their own (read, bash, glob, grep); the wrapper truncates the others.
 */
export interface ToolOutcome {
  title: string;
  output: string;
  truncated?: boolean;
  outputPath?: string;
  attachments?: CliFilePart[];
}

/**
 * A failure a tool throws; the wrapper turns its message into the error state (§2.0 step 3:
 * `errorMessage(err)` = `.message`, no `Error: ` prefix).
 */
export class ToolFailure extends Error {
  override readonly name = "ToolFailure";
  static isInstance(error: unknown): error is ToolFailure {
    return error instanceof Error && error.name === "ToolFailure";
  }
}
