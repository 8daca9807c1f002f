import { expect, it } from "vitest";
import "correx/vitest";

// Fails on purpose (npm run demo:failure): this implementation drops the final newline of the
// bash output, and the message shows exactly that, with whitespace made visible.
it("a bash result that lost its final newline", () => {
  expect({
    status: "completed",
    title: "echo hi",
    output: "hi",
    metadata: { truncated: false },
  }).toConformTo({ profile: "opencode-cli", tool: "bash", input: { command: "echo hi" }, observation: { output: "hi\n", exitCode: 0 } });
});
