import { describe, expect, it } from "vitest";
import { redactValue } from "../../golden/redact.js";
import { createMemoryOutputStore } from "../memory-output-store.test-support.js";
import { geminiCli } from "./gemini-cli-profile.js";
import { hasCommandSubstitution } from "./run-shell-command/shell-command-substitution.js";
import { shellOutputText } from "./run-shell-command/shell-output-text.js";

const format = (tool: string, input: unknown, observation: Record<string, unknown>) => geminiCli.format({ tool, input, observation, options: { cwd: "/ws" } }, createMemoryOutputStore());

describe("gemini-cli run_shell_command (docs/spec/gemini-cli-0.61.0.md §2)", () => {
  it("§2.2: each stream has its own decoder, so a character split across a stream switch still decodes", () => {
    // "é" = C3 A9: its first byte on stdout, an stderr line in between, its second byte on stdout
    const chunks = [
      { stream: "stdout", base64: Buffer.from([0xc3]).toString("base64") },
      { stream: "stderr", text: "err\n" },
      { stream: "stdout", base64: Buffer.from([0xa9, 0x0a]).toString("base64") },
    ];
    expect(shellOutputText(chunks)).toBe("err\né");
  });

  it("§2.2: a NUL in the first 512 sniffed bytes drops what follows, not what came before", () => {
    expect(
      shellOutputText([
        { stream: "stdout", text: "kept\n" },
        { stream: "stdout", base64: Buffer.from("a\0b").toString("base64") },
      ]),
    ).toBe("kept");
  });

  it("§2.3: exit code, signal number, background pids (the shell's own pid left out) and the PGID line, wrapped", () => {
    const result = format("run_shell_command", { command: "x" }, { chunks: [], exitCode: null, signal: "SIGKILL", pid: 42, jobs: [42, 43, 44] });
    expect(result).toEqual({ response: { output: "<untrusted_context>\nOutput: (empty)\nSignal: 9\nBackground PIDs: 43, 44\nProcess Group PGID: 42\n</untrusted_context>" } });
  });

  it("§2.3 (issue 28 item 7): an observation without a pid, or with pid 0, prints no PGID line (the CLI tests result.pid for truth)", () => {
    const expected = { response: { output: "<untrusted_context>\nOutput: hi\nExit Code: 2\n</untrusted_context>" } };
    expect(format("run_shell_command", { command: "x" }, { chunks: [{ stream: "stdout", text: "hi\n" }], exitCode: 2, signal: null })).toEqual(expected);
    expect(format("run_shell_command", { command: "x" }, { chunks: [{ stream: "stdout", text: "hi\n" }], exitCode: 2, signal: null, pid: 0 })).toEqual(expected);
  });

  it("§1.4: a closing untrusted_context tag in the output is escaped", () => {
    const result = format("run_shell_command", { command: "x" }, { chunks: [{ stream: "stdout", text: "a</untrusted_context>b" }], exitCode: 0, signal: null, pid: 7 });
    expect(result).toEqual({ response: { output: "<untrusted_context>\nOutput: a&lt;/untrusted_context&gt;b\nProcess Group PGID: 7\n</untrusted_context>" } });
  });

  it("§2.4: exactly 40,000 wrapped chars are sent whole; one more is cut 8,000 + 32,000 with the saved file", () => {
    const wrapping = "<untrusted_context>\nOutput: \nProcess Group PGID: 7\n</untrusted_context>".length;
    const whole = format("run_shell_command", { command: "x" }, { chunks: [{ stream: "stdout", text: "a".repeat(40000 - wrapping) }], exitCode: 0, signal: null, pid: 7 }) as {
      response: { output: string };
    };
    expect(whole.response.output.length).toBe(40000);
    const store = createMemoryOutputStore();
    const cut = geminiCli.format(
      { tool: "run_shell_command", input: { command: "x" }, observation: { chunks: [{ stream: "stdout", text: "a".repeat(40001 - wrapping) }], exitCode: 0, signal: null, pid: 7 } },
      store,
    ) as { response: { output: string } };
    expect(cut.response.output.startsWith("Output too large. Showing first 8,000 and last 32,000 characters. For full output see: /out/tool_1\n<untrusted_context>\nOutput: aaa")).toBe(true);
    expect(cut.response.output).toContain("a\n\n... [1 characters omitted] ...\n\naaa");
    expect(store.saved[0]!.length).toBe(40001);
  });

  it("§2.7: command substitution outside single quotes is refused; escaped or single-quoted forms are not", () => {
    expect(hasCommandSubstitution("echo $(id)")).toBe(true);
    expect(hasCommandSubstitution('echo "`id`"')).toBe(true);
    expect(hasCommandSubstitution("diff <(a) b")).toBe(true);
    expect(hasCommandSubstitution("echo '$(id)'")).toBe(false);
    expect(hasCommandSubstitution("echo \\$(id)")).toBe(false);
    expect(hasCommandSubstitution('echo "<(a)"')).toBe(false);
  });
});

describe("gemini-cli redactions (docs/spec/gemini-cli-0.61.0.md §13)", () => {
  it("call-id times, PGIDs, background pids and saved-output paths become their tokens", () => {
    const value = {
      id: "run_shell_command_1796141746042_1",
      text: "Background PIDs: 18691, 18692\nProcess Group PGID: 18688\nCommand moved to background (PID: 18679). see: /h/.gemini/tmp/ws/tool-outputs/session-07de3274-eceb/run_shell_command__run_shell_command_1796141739833_0.txt\n",
    };
    expect(redactValue(value, geminiCli.redactions ?? [])).toEqual({
      id: "run_shell_command_[MS]_1",
      text: "Background PIDs: [PIDS]\nProcess Group PGID: [PGID]\nCommand moved to background (PID: [PID]). see: [OUTPUT]/tool_[ID]\n",
    });
  });

  it("§1.1: the call-id time is redacted for every name the model can send (capitalised, unknown, dotted), only in a whole id", () => {
    const ids = ["Read_1796172182176_0", "Run_Shell_Command_1796172182317_2", "mcp.tool-x_1796172182317_1", "search_file_content_0_3"];
    expect(redactValue(ids, geminiCli.redactions ?? [])).toEqual(["Read_[MS]_0", "Run_Shell_Command_[MS]_2", "mcp.tool-x_[MS]_1", "search_file_content_[MS]_3"]);
    expect(redactValue("Output: a_12_3 b", geminiCli.redactions ?? [])).toBe("Output: a_12_3 b");
  });

  it("§3.4: the project temp directory in an outside-workspace refusal becomes its token", () => {
    const text = 'Path not in workspace: Attempted path "/" resolves outside the allowed workspace directories: /w/ws or the project temp directory: /w/home/.gemini/tmp/ws';
    expect(redactValue(text, geminiCli.redactions ?? [])).toBe(
      'Path not in workspace: Attempted path "/" resolves outside the allowed workspace directories: /w/ws or the project temp directory: [GEMINI_TEMP]',
    );
  });
});
