/**
 * The one I/O port that formatting needs: saving a truncated tool's full output.
 * Implemented at the edge by `src/output-store/`; pure stages receive it as a value.
 * @see spec §3.1 (v1 files), §3.2 (v2 ToolOutputStore): `<dir>/tool_<id>`, exclusive create.
 */
export interface OutputStorePort {
  /** Saves `text` completely to a new file and returns its path. Throws when it cannot. */
  write(text: string): string;
}
