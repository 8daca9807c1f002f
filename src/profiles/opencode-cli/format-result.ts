/**
 * What the opencode-cli profile's `format` returns (schemas/opencode-cli/format-result.json),
 * and what each v1 tool hands to the §2.0 wrapper. Local mirrors of the schema types until
 * src/generated/ provides them.
 * @see spec §1.3, §2.0
 */

/** A v1 attachment (schemas/opencode-cli/tool-state.json#/$defs/FilePart). */
export interface CliFilePart {
  type: "file";
  mime: string;
  url: string;
  filename?: string;
}

/** The settled completed state, as the model sees it. */
export interface CliFormatCompleted {
  status: "completed";
  title: string;
  output: string;
  metadata: { truncated: boolean; outputPath?: string };
  attachments?: CliFilePart[];
}

/** The settled error state. */
export interface CliFormatError {
  status: "error";
  error: string;
}

/** CliFormatResult. */
export type CliFormatResult = CliFormatCompleted | CliFormatError;

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
