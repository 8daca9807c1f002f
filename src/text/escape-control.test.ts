import { describe, expect, it } from "vitest";
import { escapeControl } from "./escape-control.js";

describe("escapeControl", () => {
  it("escapes terminal escapes, CR, BEL, backspace, DEL, C1 and bidi overrides; keeps newlines and tabs unless oneLine", () => {
    expect(escapeControl("a\u001b[31mred\u001b[0m\rb\u0007\b\u007f\u009b2J\u202eevil")).toBe("a\\x1b[31mred\\x1b[0m\\rb\\x07\\x08\\x7f\\x9b2J\\u202eevil");
    expect(escapeControl("line 1\n\tline 2")).toBe("line 1\n\tline 2");
    expect(escapeControl("line 1\n\tline 2", true)).toBe("line 1\\n\\tline 2");
    expect(escapeControl("plain text, é ✓")).toBe("plain text, é ✓");
  });
});
