import { encodeBase64 } from "../../text/base64.js";
import { resolvePath } from "../../text/path-posix.js";
import { commandBytes, isFsFailure, type EnvironmentPort } from "../environment-port.js";
import { UnsupportedError, type ToolCall } from "../profile.js";
import { claudeKnownFiles } from "./claude-session.js";
import { claudeInputIssues, claudeToolNames, claudeToolParameters } from "./claude-tools.js";
import { claudeEditedText } from "./format-claude-files.js";

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
      return { path, kind: "file", ...textOrBase64(bytes, "text", "base64"), workspace: environment.workspace };
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
