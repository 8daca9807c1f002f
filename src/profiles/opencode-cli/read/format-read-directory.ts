import { titlePath } from "../../../text/path-posix.js";
import type { FormatContext } from "../format-context.js";
import type { ReadDirectoryObservation } from "../format-observations.js";
import type { ToolOutcome } from "../result/format-result.js";

/**
 * v1 read of a directory: entries (directories with a trailing `/`) sorted by `localeCompare`,
 * paged by `offset || 1` and `limit ?? 2000`, with a blank line before the footer.
 * @see spec §2.2 step 4
 */
export function formatReadDirectory(input: { offset?: number; limit?: number }, observation: ReadDirectoryObservation, context: FormatContext): ToolOutcome {
  const entries = observation.entries.map((entry) => (entry.directory ? `${entry.name}/` : entry.name)).sort((a, b) => a.localeCompare(b));
  const offset = input.offset || 1;
  const limit = input.limit ?? 2000;
  const start = offset - 1;
  const slice = entries.slice(start, start + limit);
  const truncated = start + slice.length < entries.length;
  const footer = truncated ? `\n(Showing ${slice.length} of ${entries.length} entries. Use 'offset' parameter to read beyond entry ${offset + slice.length})` : `\n(${entries.length} entries)`;
  const output = [`<path>${observation.path}</path>`, "<type>directory</type>", "<entries>", slice.join("\n"), footer, "</entries>"].join("\n");
  return { title: titlePath(observation.path, context.options.cwd), output, truncated };
}
