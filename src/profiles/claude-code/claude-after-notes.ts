/**
 * What the gate compares of the messages Claude Code sends after a batch of tool results
 * (docs/spec/claude-code-2.1.332.md §2.3): a system turn holding only the time-dependent
 * reminder "The user hasn't heard from you in a while…" is left out, and since the binary puts the
 * request's cache breakpoint on its last block, the breakpoint it took goes back to the last
 * result, where it is without the reminder; when the binary appended the reminder to another
 * system note (`⏎⏎` and the reminder at the end of its last text) only that suffix is left out.
 * The `# Environment update` note after a `cd` is left out the same way: the binary sent it after
 * `cd sub && pwd` but not after `cd sub` alone, a rule not pinned yet (§3.5); the working
 * directory itself is still compared through every later result. A background agent's
 * notification turn (`[SYSTEM NOTIFICATION - NOT USER INPUT]` … `<task-notification>`) is left out
 * too: it comes after whichever result is sent once the subagent has finished, a time not pinned
 * (§11.1). So is the note that the date changed, sent in the first request after the agent's local
 * date turned over (a run across midnight: its time is the wall clock's, §2.3). Every other note
 * is compared.
 */
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** The reminder's text, as observed (time-dependent: sent when a run has gone on for a while). */
export const QUIET_REMINDER = "The user hasn't heard from you in a while. As you continue, keep them updated when there's something to tell — a finding, a change of plan.";

/** A system turn's text blocks with the reminder the binary appended to its last text removed. */
function withoutAppendedReminder(element: unknown): unknown {
  if (!isObject(element) || element.role !== "system") return element;
  const suffix = `\n\n${QUIET_REMINDER}`;
  if (typeof element.content === "string") return element.content.endsWith(suffix) ? { ...element, content: element.content.slice(0, -suffix.length) } : element;
  if (!Array.isArray(element.content) || element.content.length === 0) return element;
  const last = element.content[element.content.length - 1];
  if (!isObject(last) || typeof last.text !== "string" || !last.text.endsWith(suffix)) return element;
  return { ...element, content: [...element.content.slice(0, -1), { ...last, text: last.text.slice(0, -suffix.length) }] };
}

/** The note the binary sends when the shell's working directory changed (§3.5). */
export const ENVIRONMENT_UPDATE_PREFIX = "# Environment update\n";

/** The start of a background task's notification turn (observed, §11.1). */
export const TASK_NOTIFICATION_PREFIX = "[SYSTEM NOTIFICATION - NOT USER INPUT]\nThis is an automated background-task event, NOT a message from the user.\n";

/** The note sent in the first request after the local date turned over (observed, §2.3): its date is the new one. */
const DATE_CHANGED_NOTE = /^The date has changed\. Today's date is now \d{4}-\d{2}-\d{2}\. No need to announce the new date — the user's own clock shows it\.$/;

/** A system turn of one text block: the quiet reminder, the date-change note, an environment update (whose timing is not pinned either, §3.5) or a task notification (§11.1). */
function isLeftOut(element: unknown): boolean {
  if (!isObject(element) || element.role !== "system") return false;
  const text =
    typeof element.content === "string" ? element.content : Array.isArray(element.content) && element.content.length === 1 && isObject(element.content[0]) ? element.content[0].text : undefined;
  if (typeof text !== "string") return false;
  return (
    text === QUIET_REMINDER ||
    DATE_CHANGED_NOTE.test(text) ||
    text.startsWith(ENVIRONMENT_UPDATE_PREFIX) ||
    (text.startsWith(TASK_NOTIFICATION_PREFIX) && text.includes("\n<task-notification>\n") && text.endsWith("</task-notification>"))
  );
}

/** An element with the request's cache breakpoint: a block gets the key; a system turn gets it on its last text block (its content then blocks). */
function withBreakpoint(element: unknown): unknown {
  if (!isObject(element)) return element;
  const breakpoint = { cache_control: { type: "ephemeral" } };
  if (element.role !== "system") return element.cache_control === undefined ? { ...element, ...breakpoint } : element;
  if (typeof element.content === "string") return { ...element, content: [{ type: "text", text: element.content, ...breakpoint }] };
  if (!Array.isArray(element.content) || element.content.length === 0) return element;
  const last = element.content[element.content.length - 1];
  return isObject(last) ? { ...element, content: [...element.content.slice(0, -1), { ...last, ...breakpoint }] } : element;
}

export function claudeAfterNotes(comparable: { result: unknown; after: unknown[] }): { result: unknown; after: unknown[] } {
  const stripped = comparable.after.map(withoutAppendedReminder);
  const after = stripped.filter((element) => !isLeftOut(element));
  if (after.length === comparable.after.length) return { result: comparable.result, after };
  // The element left out last held the request's breakpoint: it goes back to what is last without it.
  const tookBreakpoint = isLeftOut(stripped[stripped.length - 1]);
  if (!tookBreakpoint) return { result: comparable.result, after };
  if (after.length > 0) return { result: comparable.result, after: [...after.slice(0, -1), withBreakpoint(after[after.length - 1])] };
  const result = isObject(comparable.result) && comparable.result.cache_control === undefined ? { ...comparable.result, cache_control: { type: "ephemeral" } } : comparable.result;
  return { result, after };
}
