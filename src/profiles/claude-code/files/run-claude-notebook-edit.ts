import { resolvePath } from "../../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../../environment-port.js";
import { UnsupportedError } from "../../profile.js";
import { claudeCwd, claudeSession } from "../claude-session.js";
import { refusedEncoding, unmodelledChange, unmodelledWriteFailure } from "./claude-file-io.js";
import { claudeNotebookEarlyRefusal, claudeNotebookEdit } from "./claude-notebook-edit.js";
import { READ_MAX_SIZE_BYTES } from "./format-claude-files.js";

/** NotebookEdit in the replay: the binary's checks against the session and the notebook, then the edit written. @see docs/spec/claude-code-2.1.332.md §7.4 */

/**
 * NotebookEdit: the facts its result follows from — whether the session read the notebook, and its
 * text as the binary reads it — and, past the binary's checks, the edit written as the binary writes
 * it. What follows a notebook it edited through a Bash change is not pinned. @see spec §7.4
 */
export async function runNotebookEdit(input: Record<string, unknown>, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const session = claudeSession(environment);
  const path = resolvePath(claudeCwd(environment), String(input.notebook_path));
  const known = session.files.get(path);
  const partial = session.partialReads.get(path);
  const fact = await environment.stat(path);
  const facts = { path, kind: fact.kind, known: known !== undefined || partial !== undefined };
  if (claudeNotebookEarlyRefusal(path, input, facts.known) !== undefined) return facts;
  const unmodelled = (why: string): never => {
    session.unmodelledChanges.set(path, "a NotebookEdit the profile does not model (spec §7.4)");
    throw new UnsupportedError(`claude-code: NotebookEdit ${why} is not modelled (docs/spec/claude-code-2.1.332.md §7.4)`);
  };
  unmodelledChange(session, path);
  if (session.subagentFiles.has(path)) unmodelled("of a notebook a subagent read or changed");
  if (known?.bashChangedAt !== undefined || partial?.bashChangedAt !== undefined) unmodelled("of a notebook changed since the session read it (the binary compares its modification time)");
  if (fact.kind !== "file") unmodelled(`of a notebook that is no file now (${fact.kind})`);
  if ((await refusedEncoding(environment, path)) !== undefined) unmodelled("of a notebook that is not UTF-8 text");
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes)) return unmodelled(`of a notebook it cannot read (${bytes.failure})`);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  if (known !== undefined && known.text !== text.replace(/^\uFEFF/, "")) unmodelled("of a notebook whose text is not what the session read");
  const edit = claudeNotebookEdit(text, input);
  if ("unmodelled" in edit) return unmodelled(edit.unmodelled);
  if ("written" in edit) {
    if (new TextEncoder().encode(edit.written).length > READ_MAX_SIZE_BYTES) unmodelled("past the size Read takes (refused, the file left unchanged)");
    const failure = await environment.writeFile(path, new TextEncoder().encode(edit.written), {});
    if (failure !== null) throw unmodelledWriteFailure(path, failure.failure);
    // The session holds the new text; a later Bash change of it draws a note not pinned for notebooks.
    session.partialReads.delete(path);
    session.files.set(path, { text: edit.written.replace(/^\uFEFF/, ""), via: "write", uncertain: "a NotebookEdit rewrote it, §7.4" });
  }
  return { ...facts, text };
}
