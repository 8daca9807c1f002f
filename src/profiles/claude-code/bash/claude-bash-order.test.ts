import { describe, expect, it } from "vitest";
import { adoptLineOrder } from "./claude-bash-order.js";

describe("adoptLineOrder (spec §3.1: the embedded ugrep and bfs print in an order that differs from run to run)", () => {
  it("puts the replay's lines in the order the agent's result shows them, keeping the final newline", () => {
    expect(adoptLineOrder("a.txt:1:foo\nsub/b.txt:1:foo\n", "sub/b.txt:1:foo\na.txt:1:foo")).toBe("sub/b.txt:1:foo\na.txt:1:foo\n");
  });
  it("counts repeated lines and skips the agent's other lines (an `Exit code` line before them)", () => {
    expect(adoptLineOrder("x\ny\nx", "Exit code 2\ny\nx\nx")).toBe("y\nx\nx");
  });
  it("leaves the output as it is when the agent's result lacks one of its lines", () => {
    expect(adoptLineOrder("x\ny\nz\n", "z\nx")).toBe("x\ny\nz\n");
  });
  it("leaves an output with an empty line among its lines (the result trims them) or a single line as it is", () => {
    expect(adoptLineOrder("x\n\ny\n", "y\n\nx")).toBe("x\n\ny\n");
    expect(adoptLineOrder("only\n", "other\nonly")).toBe("only\n");
  });
});
