import { describe, expect, it } from "vitest";
import { countOccurrences, formatEdit } from "./core-format-edit.js";

const output = (text: string) => ({ structured: expect.anything(), content: [{ type: "text", text }] });

describe("formatEdit (§2.4 v2)", () => {
  it("prints the header, the count and the old/new strings as a diff block, with no trailing newline", () => {
    const result = formatEdit({ path: "a.ts", oldString: "a\nb", newString: "c" }, { path: "/w/a.ts", resource: "a.ts", replacements: 1 });
    expect(result).toEqual(output("Edited file successfully: a.ts\nReplacements: 1\n```diff\n-a\n-b\n+c\n```"));
  });

  it("shows at most 6 lines per side and then `-...` / `+...`", () => {
    const old = "1\n2\n3\n4\n5\n6\n7";
    const result = formatEdit({ path: "a", oldString: old, newString: "x\ny\nz\nw\nv\nu\nt\ns" }, { path: "/w/a", resource: "a", replacements: 1 });
    expect(result).toEqual(output("Edited file successfully: a\nReplacements: 1\n```diff\n-1\n-2\n-3\n-4\n-5\n-6\n-...\n+x\n+y\n+z\n+w\n+v\n+u\n+...\n```"));
  });

  it("does not add an overflow line for exactly 6 lines", () => {
    const six = "1\n2\n3\n4\n5\n6";
    const result = formatEdit({ path: "a", oldString: six, newString: "" }, { path: "/w/a", resource: "a", replacements: 1 });
    expect(result).toEqual(output("Edited file successfully: a\nReplacements: 1\n```diff\n-1\n-2\n-3\n-4\n-5\n-6\n+\n```"));
  });

  it("cuts a previewed line longer than 240 chars to 240 chars plus `...`", () => {
    const result = formatEdit({ path: "a", oldString: "o".repeat(241), newString: "n".repeat(240) }, { path: "/w/a", resource: "a", replacements: 1 });
    expect(result).toEqual(output(`Edited file successfully: a\nReplacements: 1\n\`\`\`diff\n-${"o".repeat(240)}...\n+${"n".repeat(240)}\n\`\`\``));
  });

  it("normalises CRLF to LF before splitting the preview", () => {
    const result = formatEdit({ path: "a", oldString: "x\r\ny", newString: "z\r\n" }, { path: "/w/a", resource: "a", replacements: 1 });
    expect(result).toEqual(output("Edited file successfully: a\nReplacements: 1\n```diff\n-x\n-y\n+z\n+\n```"));
  });

  it("prints the observed replacement count", () => {
    const result = formatEdit({ path: "a", oldString: "x", newString: "y", replaceAll: true }, { path: "/w/a", resource: "a", replacements: 3 });
    expect(result).toEqual(output("Edited file successfully: a\nReplacements: 3\n```diff\n-x\n+y\n```"));
  });

  it("counts non-overlapping exact occurrences", () => {
    expect(countOccurrences("aaaa", "aa")).toBe(2);
    expect(countOccurrences("aaa", "aa")).toBe(1);
    expect(countOccurrences("abc", "d")).toBe(0);
  });

  it("fails with the v2 texts", () => {
    const base = { path: "a", oldString: "x", newString: "y" };
    expect(formatEdit({ ...base, oldString: "" }, { path: "/w/a" })).toEqual({ failure: "oldString must not be empty. Use write to create or overwrite a file." });
    expect(formatEdit(base, { path: "/w/a", error: "not-found" })).toEqual({
      failure: "Could not find oldString in the file. It must match exactly, including whitespace and indentation.",
    });
    expect(formatEdit(base, { path: "/w/a", error: "multiple" })).toEqual({
      failure: "Found multiple exact matches for oldString. Provide more surrounding context or set replaceAll to true.",
    });
    expect(formatEdit(base, { path: "/w/a", error: "changed" })).toEqual({ failure: "File changed after permission approval. Read it again before editing." });
    expect(formatEdit(base, { path: "/w/a", error: "unable" })).toEqual({ failure: "Unable to edit a" }); // the path as the model gave it (bundle EditTool: `Unable to edit ${A.path}`)
  });
});
