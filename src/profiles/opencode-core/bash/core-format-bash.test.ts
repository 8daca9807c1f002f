import { describe, expect, it } from "vitest";
import { formatBash } from "./core-format-bash.js";

const text = (value: string) => ({ type: "text", text: value });

describe("formatBash (§2.1b)", () => {
  it("returns two text parts: the output, then `Command exited with code N.`", () => {
    expect(formatBash({ command: "echo hello" }, { output: "hello\n", exitCode: 0 }).content).toEqual([text("hello\n"), text("Command exited with code 0.")]);
  });

  it("reports a non-zero exit in the footer, not as an error", () => {
    expect(formatBash({ command: "false" }, { output: "", exitCode: 1 }).content).toEqual([text("(no output)"), text("Command exited with code 1.")]);
  });

  it("writes (no output) for empty output", () => {
    expect(formatBash({ command: "true" }, { output: "", exitCode: 0 }).content[0]).toEqual(text("(no output)"));
  });

  it("appends the capture note after a blank line when capture was cut at 1 MiB (spec §2.1b; the binary: `<y…>⏎⏎[output capture …]`)", () => {
    expect(formatBash({ command: "yes" }, { output: "y", exitCode: 0, captureTruncated: true }).content[0]).toEqual(text("y\n\n[output capture truncated at the in-memory safety limit]"));
  });

  it("replaces the output with the timeout sentence (requested timeout) and ends with `Command timed out before completion.`", () => {
    expect(formatBash({ command: "sleep 9", timeout: 5000 }, { output: "partial", exitCode: null, timedOut: true }).content).toEqual([
      text("Command exceeded timeout of 5000 ms. Retry with a larger timeout if the command is expected to take longer."),
      text("Command timed out before completion."),
    ]);
  });

  it("uses the default timeout of 120000 ms in the timeout sentence", () => {
    expect(formatBash({ command: "sleep 999" }, { output: "", exitCode: null, timedOut: true }).content[0]).toEqual(
      text("Command exceeded timeout of 120000 ms. Retry with a larger timeout if the command is expected to take longer."),
    );
  });

  it("puts the warnings first (leading newlines trimmed), then a blank line, then the exit sentence (spec §2.1b; the binary, campaign seed 5002)", () => {
    const content = formatBash({ command: "cat /etc/x" }, { output: "x", exitCode: 0, warnings: ["w1", "w2"] }).content;
    expect(content[1]).toEqual(text("Warnings:\n- w1\n- w2\n\nCommand exited with code 0."));
  });

  it("prints String(exitCode) of a missing exit code as `undefined`", () => {
    expect(formatBash({ command: "kill" }, { output: "x", exitCode: null }).content[1]).toEqual(text("Command exited with code undefined."));
  });
});
