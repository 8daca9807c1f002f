import { encodeBase64 } from "../../text/base64.js";
import { resolvePath } from "../../text/path-posix.js";
import { commandBytes, type EnvironmentPort, isFsFailure } from "../environment-port.js";
import { type ToolCall, UnsupportedError } from "../profile.js";
import { claudeKnownFiles } from "./claude-session.js";
import { claudeInputIssues, claudeToolNames, claudeToolParameters } from "./claude-tools.js";
import { claudeEditedText, READ_MAX_SIZE_BYTES } from "./files/format-claude-files.js";

/** Read asks count_tokens for a whole file over this many bytes (25,000 observed not asked, 25,500 asked). @see spec §4.6 */
export const READ_COUNT_TOKENS_OVER_BYTES = 25000;

/** Bash's default timeout: 2 minutes. @see spec §3.1 */
const BASH_DEFAULT_TIMEOUT_MS = 120_000;

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Bytes as `{text}` when valid UTF-8, else `{base64}` (named by the observation's keys). */
function textOrBase64(bytes: Uint8Array, textKey: string, base64Key: string): Record<string, string> {
  try {
    return { [textKey]: decoder.decode(bytes) };
  } catch {
    return { [base64Key]: encodeBase64(bytes) };
  }
}

/** A file's text as the session reads it for Edit and Write, or null when there is none. */
async function fileText(environment: EnvironmentPort, path: string): Promise<string | null> {
  const bytes = await environment.readFile(path);
  if (isFsFailure(bytes)) return null;
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
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
  const body = JSON.stringify({ model, messages: [{ role: "user", content: new TextDecoder("utf-8", { fatal: false }).decode(bytes) }] });
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

/**
 * Runs a call with Claude Code's rules: nothing runs for an unknown tool or invalid input; Bash
 * runs `bash -c` in the workspace with stdout and stderr on one pipe; Read, Edit and Write resolve
 * their path against the workspace; the session's known files are kept per environment.
 * @see docs/spec/claude-code-2.1.332.md §3–§7
 */
export async function runClaudeTool(call: ToolCall, environment: EnvironmentPort): Promise<Record<string, unknown>> {
  if (!claudeToolNames.includes(call.tool)) return {};
  if (claudeToolParameters[call.tool] === undefined) throw new UnsupportedError(`claude-code: the ${call.tool} tool is not modelled (docs/spec/claude-code-2.1.332.md §9)`);
  if (claudeInputIssues(call.tool, call.input).length > 0) return {};
  const input = call.input as Record<string, unknown>;
  const known = claudeKnownFiles(environment);
  switch (call.tool) {
    case "Bash": {
      if (input.run_in_background === true) throw new UnsupportedError("claude-code: Bash run_in_background is not modelled");
      const timeoutMs = typeof input.timeout === "number" ? input.timeout : BASH_DEFAULT_TIMEOUT_MS;
      const run = await environment.run({ file: "bash", args: ["-c", String(input.command)], cwd: environment.workspace, env: environment.agentEnv, timeoutMs, stderr: "merged" });
      if (run.timedOut) throw new UnsupportedError("claude-code: a Bash command over its timeout is moved to the background; not modelled (spec §9)");
      return { ...textOrBase64(commandBytes(run), "output", "outputBase64"), exitCode: run.exitCode };
    }
    case "Read": {
      const path = resolvePath(environment.workspace, String(input.file_path));
      const fact = await environment.stat(path);
      if (fact.kind === "missing") return { path, kind: "missing", workspace: environment.workspace };
      if (fact.kind === "directory") return { path, kind: "directory", workspace: environment.workspace };
      const bytes = await environment.readFile(path);
      if (isFsFailure(bytes)) return { path, kind: "missing", workspace: environment.workspace };
      known.add(path);
      const whole = input.offset === undefined && input.limit === undefined;
      const tokens = whole && bytes.length > READ_COUNT_TOKENS_OVER_BYTES && bytes.length <= READ_MAX_SIZE_BYTES ? await countTokens(environment, bytes) : undefined;
      return { path, kind: "file", ...textOrBase64(bytes, "text", "base64"), workspace: environment.workspace, ...(tokens === undefined ? {} : { tokens }) };
    }
    case "Edit": {
      const path = resolvePath(environment.workspace, String(input.file_path));
      const before = await fileText(environment, path);
      const wasKnown = known.has(path);
      const after = claudeEditedText(input, before);
      if (after !== null) {
        const failure = await environment.writeFile(path, new TextEncoder().encode(after), { parents: true });
        if (failure !== null) throw new UnsupportedError(`claude-code: writing ${path} failed (${failure.failure}); not modelled`);
        known.add(path);
      }
      return { path, before, after, known: wasKnown };
    }
    case "Write": {
      const path = resolvePath(environment.workspace, String(input.file_path));
      const before = await fileText(environment, path);
      const content = String(input.content);
      const failure = await environment.writeFile(path, new TextEncoder().encode(content), { parents: true });
      if (failure !== null) throw new UnsupportedError(`claude-code: writing ${path} failed (${failure.failure}); not modelled`);
      known.add(path);
      return { path, before, after: content };
    }
    default:
      throw new UnsupportedError(`claude-code: the ${call.tool} tool is not modelled`);
  }
}
