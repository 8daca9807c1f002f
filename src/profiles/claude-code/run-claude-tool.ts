import { dirnamePath, extnamePath, resolvePath } from "../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../environment-port.js";
import { findOnPath } from "../find-on-path.js";
import { type ToolCall, UnsupportedError } from "../profile.js";
import { runBash } from "./bash/run-claude-bash.js";
import { claudeCwd, claudeSession } from "./claude-session.js";
import { claudeEnumIssue, claudeInputIssues, claudeLiveAliases, claudeNormalizedInput, claudeRefinementIssue, claudeToolNames, claudeToolParameters } from "./claude-tools.js";
import { exists, fileText, fileTextAndBom, refusedEncoding, textOrBase64, unmodelledChange, unmodelledWriteFailure } from "./files/claude-file-io.js";
import { isClaudeNotebookText } from "./files/claude-notebook-edit.js";
import { claudeBinaryExtension, claudeSimilarFile, claudeSuggestUnderCwd } from "./files/claude-read-kinds.js";
import { claudeReadAsksCountTokens, claudeReadTokenEstimate } from "./files/claude-read-token-estimate.js";
import { claudeEditedText, READ_MAX_SIZE_BYTES } from "./files/format-claude-files.js";
import { runNotebookEdit } from "./files/run-claude-notebook-edit.js";
import { BUILT_IN_WORKFLOWS } from "./format-claude-harness-tools.js";
import { observeAgent } from "./run-claude-agent.js";

/** A text file past this many bytes may be past Read's count_tokens check (§4.6: from 25,002 UTF-16 code units; a JSON file from 12,501). @see spec §4.6, §5.4 */
const READ_COUNT_TOKENS_OVER_BYTES = 12500;

/**
 * Whether the system refuses the binary `path` for want of permission (a run as another user,
 * §12): `stat` when a folder above it may not be searched, `open` when it is a file it may not
 * read; undefined otherwise.
 */
async function permissionDenied(environment: EnvironmentPort, path: string, fact: Awaited<ReturnType<EnvironmentPort["stat"]>>): Promise<"stat" | "open" | undefined> {
  if (fact.kind === "missing" && fact.failure === "EACCES") return "stat";
  if (fact.kind !== "file") return undefined;
  const bytes = await environment.readFile(path);
  return isFsFailure(bytes) && bytes.failure === "EACCES" ? "open" : undefined;
}

/**
 * Whether a write the replay was refused (EACCES) is a new file's in a folder that exists: the
 * binary's first step, creating its temp file beside the file, is refused the same way. @see spec §12.1
 */
async function newFileTempRefused(environment: EnvironmentPort, path: string, before: string | null, failure: string): Promise<boolean> {
  return failure === "EACCES" && before === null && (await environment.stat(dirnamePath(path))).kind === "directory";
}

/**
 * What the provider's count_tokens answers for a file's text, asked as the binary asks it:
 * `POST <ANTHROPIC_BASE_URL>/v1/messages/count_tokens?beta=true` with
 * `{"model":M,"messages":[{"role":"user","content":TEXT}]}` (the agent's base URL and model:
 * ANTHROPIC_BASE_URL / ANTHROPIC_MODEL, else correx gate's CORREX_BASE_URL / CORREX_MODEL).
 * @see spec §4.6
 */
async function countTokens(environment: EnvironmentPort, bytes: Uint8Array): Promise<number> {
  const env = environment.agentEnv;
  const base = env.ANTHROPIC_BASE_URL ?? env.CORREX_BASE_URL;
  if (base === undefined) throw new UnsupportedError("claude-code: Read of a file over 25,000 bytes asks the provider's count_tokens; the agent's environment names no ANTHROPIC_BASE_URL (spec §4.6)");
  const model = env.ANTHROPIC_MODEL ?? env.CORREX_MODEL ?? "claude-opus-5-5";
  // The body the binary sends ends with an empty tools list (observed through a logging proxy, batch 8 judge): with the fake's default answer (bytes ÷ 4) the count depends on it. §4.6
  const body = JSON.stringify({ model, messages: [{ role: "user", content: new TextDecoder("utf-8", { fatal: false }).decode(bytes) }], tools: [] });
  const answer = await environment.fetch({
    url: `${base.replace(/\/+$/, "")}/v1/messages/count_tokens?beta=true`,
    method: "POST",
    headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
    body,
    timeoutMs: 60_000,
  });
  if (!("status" in answer) || answer.status !== 200) throw new UnsupportedError(`claude-code: count_tokens did not answer 200 (${"status" in answer ? answer.status : answer.failure}); not modelled`);
  const parsed = JSON.parse(new TextDecoder().decode(answer.body)) as { input_tokens?: unknown };
  if (typeof parsed.input_tokens !== "number") throw new UnsupportedError("claude-code: count_tokens answered no input_tokens; not modelled");
  return parsed.input_tokens;
}

/** Read: the file's bytes and what the binary checks first (a binary extension, a suggestion for a missing path). @see spec §4 */
async function runRead(input: Record<string, unknown>, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const cwd = claudeCwd(environment);
  const path = resolvePath(cwd, String(input.file_path));
  unmodelledChange(claudeSession(environment), path);
  const base = { path, workspace: environment.workspace, ...(cwd === environment.workspace ? {} : { cwd }) };
  if (claudeBinaryExtension(path) !== undefined) return { ...base, kind: "file", binaryExtension: true };
  const fact = await environment.stat(path);
  // Below a folder it may not search (a run as another user): the binary's open fails. §12
  if (fact.kind === "missing" && fact.failure === "EACCES") return { ...base, kind: "missing", denied: "read-open" };
  if (fact.kind === "missing" && fact.failure === "ENOTDIR") return { ...base, kind: "missing", failure: "ENOTDIR" };
  if (fact.kind === "missing") return { ...base, kind: "missing", ...(await suggestion(environment, path, cwd)) };
  if (fact.kind === "directory") return { ...base, kind: "directory" };
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes) && bytes.failure === "EACCES") return { ...base, kind: "file", denied: "read-open" };
  if (isFsFailure(bytes)) return { ...base, kind: "missing" };
  const whole = input.offset === undefined && input.limit === undefined;
  const session = claudeSession(environment);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  // A Read of a notebook that does not parse as one fails, and leaves it unread (observed: NotebookEdit then says "not read yet"). §4.7, §7.4
  const failedNotebook = extnamePath(path) === ".ipynb" && !isClaudeNotebookText(text);
  if (failedNotebook) {
    // nothing read
  } else if (whole) {
    session.files.set(path, { text, via: "read" });
    // Read whole by the main session, the file's state is its own again, whatever a subagent did to it (observed: unseen batch 12, a Read after the subagent's edit, then Edit → the file-state note). §11.1
    session.subagentFiles.delete(path);
  } else if (!session.files.has(path) && !session.partialReads.has(path)) session.partialReads.set(path, {});
  // A PDF is sent as a document: no count_tokens (observed: a 1.4 MB PDF, none asked). §4.8
  const pdf = extnamePath(path).toLowerCase() === ".pdf";
  const counted = !pdf && whole && bytes.length > READ_COUNT_TOKENS_OVER_BYTES && bytes.length <= READ_MAX_SIZE_BYTES && asksCountTokens(bytes, path);
  const tokens = counted ? await countTokens(environment, bytes) : undefined;
  if (!pdf && !whole) await rangedTokenCheck(environment, bytes, path, input);
  const pdftoppm = pdf && input.pages !== undefined ? { pdftoppm: (await findOnPath(environment, "pdftoppm")) !== undefined } : {};
  return { ...base, kind: "file", ...textOrBase64(bytes, "text", "base64"), ...(tokens === undefined ? {} : { tokens }), ...pdftoppm };
}

/**
 * Whether Read asks count_tokens for a whole file (§4.6): its estimate, on the text the binary
 * reads. Pinned for UTF-8 without a byte-order mark or CR; where a BOM, CRLF or another encoding
 * could put the text's length on either side of the threshold, unsupported.
 * @see spec §4.6
 */
function asksCountTokens(bytes: Uint8Array, path: string): boolean {
  const text = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode(bytes);
  const readings = [text, text.replace(/^\uFEFF/, ""), text.replace(/\r\n/g, "\n")];
  // Text that is not UTF-8 (§4.7): read as UTF-16 behind its mark, or byte for byte; any of them.
  if (textOrBase64(bytes, "text", "base64").text === undefined) readings.push(new TextDecoder("latin1").decode(bytes));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) readings.push(new TextDecoder("utf-16le").decode(bytes));
  // Whether the binary lowercases the extension before choosing its divisor (`.JSON`) was not seen: both.
  const paths = extnamePath(path) === extnamePath(path).toLowerCase() ? [path] : [path, `${path}.txt`];
  const asked = readings.flatMap((reading) => paths.map((one) => claudeReadAsksCountTokens(reading, one)));
  if (asked.some((one) => one !== asked[0]))
    throw new UnsupportedError(
      `claude-code: whether Read asks count_tokens for ${path} (${bytes.length} bytes) depends on how the binary decodes it or reads its extension (a byte-order mark, CRLF, non-UTF-8 text or an upper-case extension at the threshold; docs/spec/claude-code-2.1.332.md §4.6)`,
    );
  return asked[0]!;
}

/**
 * A Read with `offset` or `limit` asks count_tokens too when the lines it selects are past the
 * estimate (§4.6); over 25,000 tokens the binary answers an error (or, from line 1, the partial
 * view): not modelled. The profile selects the lines as `text.split("\n")` does, so near the
 * threshold (±5 %) or near the cap (over 24,000 tokens) the call is unsupported; under it, the
 * answer is the text as if none was asked.
 * @see spec §4.6
 */
async function rangedTokenCheck(environment: EnvironmentPort, bytes: Uint8Array, path: string, input: Record<string, unknown>): Promise<void> {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (!claudeReadAsksCountTokens(text, path) && claudeReadTokenEstimate(text, path) < 6250 * 0.95) return;
  const offset = typeof input.offset === "number" && input.offset > 1 ? Math.floor(input.offset) - 1 : 0;
  const limit = typeof input.limit === "number" && input.limit > 0 ? Math.floor(input.limit) : undefined;
  const lines = text.split("\n");
  const selection = lines.slice(offset, limit === undefined ? undefined : offset + limit).join("\n");
  const estimate = claudeReadTokenEstimate(selection, path);
  if (estimate < 6250 * 0.95) return;
  const rule =
    "claude-code: a Read with offset or limit whose lines are near or past count_tokens' threshold and cap (an error, or from line 1 a partial view) is not modelled (docs/spec/claude-code-2.1.332.md §4.6)";
  if (estimate <= 6250 * 1.05) throw new UnsupportedError(rule);
  const tokens = await countTokens(environment, new TextEncoder().encode(selection));
  if (tokens > 24000) throw new UnsupportedError(rule);
}

/** The ` Did you mean …?` of a missing path: the same path under the working directory, else a file of the same name with another extension. @see spec §4.3 */
async function suggestion(environment: EnvironmentPort, path: string, cwd: string): Promise<{ suggestion?: string }> {
  const underCwd = await claudeSuggestUnderCwd(environment, path, cwd);
  if (underCwd !== undefined) return { suggestion: underCwd };
  const similar = await claudeSimilarFile(environment, path);
  return similar === undefined ? {} : { suggestion: similar };
}

/**
 * Runs a call with Claude Code's rules: nothing runs for an unknown tool or invalid input; Bash
 * runs in the session's working directory; Read, Edit and Write resolve their path against it;
 * the session's state (working directory, known files) is kept per environment.
 * @see docs/spec/claude-code-2.1.332.md §3–§7
 */
export async function runClaudeTool(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const tool = Object.hasOwn(claudeLiveAliases, call.tool) ? claudeLiveAliases[call.tool]! : call.tool;
  if (!claudeToolNames.includes(tool)) return {};
  const named = claudeSession(environment).named;
  if (tool === "Agent") {
    // Before this call is named: the hand-back's note leaves out what earlier requests named. §11.1
    const observed = await observeAgent(call, environment, runClaudeTool);
    named.add(call.tool);
    return observed;
  }
  named.add(call.tool);
  if (claudeToolParameters[tool] === undefined) throw new UnsupportedError(`claude-code: the ${tool} tool is not modelled (docs/spec/claude-code-2.1.332.md §9)`);
  const normalized = claudeNormalizedInput(tool, call.input);
  if (claudeInputIssues(tool, normalized).length > 0) return {};
  const input = normalized as Record<string, unknown>;
  if (claudeEnumIssue(tool, input) !== null || claudeRefinementIssue(tool, input) !== null) return {};
  const session = claudeSession(environment);
  const cwd = claudeCwd(environment);
  const withCwd = cwd === environment.workspace ? {} : { cwd };
  switch (tool) {
    case "Bash":
      return runBash(input, environment);
    case "Read":
      return runRead(input, environment);
    case "Edit": {
      const path = resolvePath(cwd, String(input.file_path));
      if (session.subagentFiles.has(path))
        throw new UnsupportedError(`claude-code: an Edit of ${path}, which a subagent read or changed: what the session then knows of it is not pinned (docs/spec/claude-code-2.1.332.md §11.1)`);
      unmodelledChange(session, path);
      const fact = await environment.stat(path);
      if (fact.kind === "directory") return { path, before: null, failure: "EISDIR" };
      const denied = await permissionDenied(environment, path, fact);
      if (denied === "stat") throw new UnsupportedError(`claude-code: an Edit below a folder it may not search (${path}) is not pinned (docs/spec/claude-code-2.1.332.md §12)`);
      if (denied === "open") return { path, before: null, denied: "edit-open" };
      const encoding = await refusedEncoding(environment, path);
      const { text: before, bom } = await fileTextAndBom(environment, path);
      // A file Edit refuses for its encoding is never written. §5.2
      if (encoding !== undefined) return { path, before, after: claudeEditedText(input, before), encoding };
      const known = session.files.get(path);
      const after = claudeEditedText(input, before);
      const stale = known !== undefined && before !== null && known.text !== before;
      if (after !== null) {
        // The file's UTF-8 byte-order mark is kept (claude-unseen5-write-endings call 7: `od` shows 357 273 277 after the Edit). §5.5
        const failure = await environment.writeFile(path, new TextEncoder().encode((bom ? "\uFEFF" : "") + after), { parents: true });
        // Creating a file (empty old_string) in a folder it may not write: the temp file beside it is refused, as Write's. §12.1
        if (failure !== null && (await newFileTempRefused(environment, path, before, failure.failure))) return { path, before: null, denied: "write-temp" };
        if (failure !== null) throw unmodelledWriteFailure(path, failure.failure);
        // The session holds what the edit wrote (a later Bash change of it draws the "changed on disk"
        // note), but in the model's context only when it was (or the edit created it): an edit of a
        // file never read leaves it out (a second edit gets no note either). §5.1, §5.4
        const outOfContext = (known === undefined && before !== null) || known?.outOfContext === true;
        session.files.set(path, { text: after, via: "write", ...(outOfContext ? { outOfContext: true } : {}) });
      }
      return {
        path,
        before,
        after,
        known: known !== undefined && known.outOfContext !== true,
        ...(stale ? { stale: true } : {}),
        ...(known?.uncertain !== undefined ? { uncertain: known.uncertain } : {}),
        ...withCwd,
        ...(before === null ? await suggestion(environment, path, cwd) : {}),
      };
    }
    case "Write": {
      const path = resolvePath(cwd, String(input.file_path));
      const fact = await environment.stat(path);
      if (fact.kind === "directory") return { path, before: null, after: null, failure: "EISDIR" };
      const denied = await permissionDenied(environment, path, fact);
      if (denied !== undefined) return { path, before: null, after: null, denied: denied === "stat" ? "write-stat" : "write-open" };
      const encoding = await refusedEncoding(environment, path);
      if (encoding === "nul") throw new UnsupportedError("claude-code: Write over a file with NUL bytes in its first 8 KB is not pinned (docs/spec/claude-code-2.1.332.md §6.1)");
      if (encoding === "invalid") return { path, before: null, after: null, encoding };
      const before = await fileText(environment, path);
      // A file the session read whole that changed since (a command, no note) is refused, not written (observed: batch 9 judge's probe; `touch` alone changes nothing). §6.1
      const known = session.files.get(path);
      if (known !== undefined && before !== null && known.text !== before) {
        if (known.uncertain !== undefined || known.via !== "read")
          throw new UnsupportedError(`claude-code: a Write over ${path}, changed since the session last knew it in a way whose state is not pinned (docs/spec/claude-code-2.1.332.md §5.4, §6.1)`);
        return { path, before, after: null, stale: true };
      }
      // Written whole: the replay's bytes are the binary's again.
      session.unmodelledChanges.delete(path);
      const content = String(input.content);
      const failure = await environment.writeFile(path, new TextEncoder().encode(content), { parents: true });
      // A new file in a folder it may not write: the binary's temp file beside it is refused. §6.1, §12
      if (failure !== null && (await newFileTempRefused(environment, path, before, failure.failure))) return { path, before: null, after: null, denied: "write-temp" };
      if (failure !== null) throw unmodelledWriteFailure(path, failure.failure);
      // Known as the session reads a file back (a BOM dropped), so a later comparison with the disk is like for like.
      session.files.set(path, { text: new TextDecoder("utf-8", { fatal: false }).decode(new TextEncoder().encode(content)), via: "write" });
      return { path, before, after: content };
    }
    case "WebFetch":
    case "ToolSearch":
      return {};
    case "NotebookEdit":
      return runNotebookEdit(input, environment);
    default:
      return observeHarnessTool(tool, input, environment);
  }
}

/** A `.git` at the directory or one of its parents (what makes it a git repository for EnterWorktree). */
async function inGitRepository(environment: EnvironmentPort, directory: string): Promise<boolean> {
  for (let at = directory; ; at = resolvePath(at, "..")) {
    if (await exists(environment, `${at.replace(/\/$/, "")}/.git`)) return true;
    if (at === "/") return false;
  }
}

/**
 * A harness tool (§11): the facts its result turns on (what the session started before it, a git
 * repository, workflow folders, the durable jobs file), then what the call starts for later calls.
 */
async function observeHarnessTool(tool: string, input: Record<string, unknown>, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  const session = claudeSession(environment);
  const cwd = claudeCwd(environment);
  const observation: Record<string, unknown> = { started: { ...session.started } };
  const home = environment.agentEnv.HOME;
  const config = environment.agentEnv.CLAUDE_CONFIG_DIR ?? (home === undefined ? undefined : `${home}/.claude`);
  switch (tool) {
    case "EnterWorktree":
      observation.inGit = await inGitRepository(environment, cwd);
      if (observation.inGit === true) session.started.worktree = true;
      break;
    case "Workflow": {
      const folders = [`${environment.workspace}/.claude/workflows`, ...(config === undefined ? [] : [`${config}/workflows`])];
      observation.workflowFolders = config === undefined || (await Promise.all(folders.map((folder) => exists(environment, folder)))).some(Boolean);
      if (typeof input.scriptPath === "string" && input.scriptPath.startsWith("/")) observation.scriptExists = await exists(environment, input.scriptPath);
      if (input.script !== undefined || observation.scriptExists === true || (input.scriptPath === undefined && BUILT_IN_WORKFLOWS.includes(String(input.name)))) session.started.tasks = true;
      break;
    }
    case "CronList":
    case "CronDelete":
      observation.durableJobs = await exists(environment, `${environment.workspace}/.claude/scheduled_tasks.json`);
      break;
    case "CronCreate":
      session.started.jobs = true;
      break;
    case "ScheduleWakeup":
      if (input.stop !== true && input.delaySeconds !== undefined && input.reason !== undefined && input.prompt !== undefined) Object.assign(session.started, { wakeups: true, jobs: true });
      break;
    case "Monitor":
      session.started.tasks = true;
      break;
    case "ListAgents":
      if (input.cursor === undefined) session.started.listing = true;
      break;
  }
  return observation;
}
