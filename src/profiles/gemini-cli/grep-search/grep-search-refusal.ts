/**
 * grep_search's own parameter checks after the schema (validateToolParamValues), as far as they
 * need no file system: the pattern and exclude_pattern must compile as JavaScript regular
 * expressions (the pattern not when `fixed_strings`). The message names the error V8 gives.
 * @see docs/spec/gemini-cli-0.61.0.md §7.1 [bundle: packages/core/src/tools/ripGrep.ts RipGrepTool.validateToolParamValues]
 */
export function grepSearchRefusal(params: { pattern: string; exclude_pattern?: string; fixed_strings?: boolean }): string | null {
  if (!params.fixed_strings) {
    const error = compileError(params.pattern);
    if (error !== null) return `Invalid regular expression pattern provided: ${params.pattern}. Error: ${error}`;
  }
  if (params.exclude_pattern) {
    const error = compileError(params.exclude_pattern);
    if (error !== null) return `Invalid exclude regular expression pattern provided: ${params.exclude_pattern}. Error: ${error}`;
  }
  return null;
}

function compileError(pattern: string): string | null {
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
