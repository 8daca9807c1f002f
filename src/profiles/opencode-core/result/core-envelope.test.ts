import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replayErrorPart, replayErrorRecord } from "./core-replay-error.js";
import type { ToolContent } from "./core-tool-content.js";
import { fileContent } from "./core-tool-content.js";
import { ToolOutput } from "./core-tool-output.js";
import { Message, ToolResultPart } from "./core-tool-result-part.js";
import { ToolResultValue } from "./core-tool-result-value.js";

const text = (value: string): ToolContent => ({ type: "text", text: value });
const file: ToolContent = { type: "file", uri: "data:image/png;base64,AA==", mime: "image/png" };

describe("ToolResultValue (§1.1)", () => {
  it("is: a non-array object with one of the four types and a value key", () => {
    expect(ToolResultValue.is({ type: "json", value: undefined })).toBe(true);
    expect(ToolResultValue.is({ type: "content", value: [] })).toBe(true);
    expect(ToolResultValue.is({ type: "json" })).toBe(false);
    expect(ToolResultValue.is({ type: "media", value: 1 })).toBe(false);
    expect(ToolResultValue.is(null)).toBe(false);
    expect(ToolResultValue.is(Object.assign([], { type: "json", value: 1 }))).toBe(false);
  });

  it("make: returns a ToolResultValue unchanged", () => {
    const value = { type: "text" as const, value: "x" };
    expect(ToolResultValue.make(value, "error")).toBe(value);
  });

  it("make: defaults to json", () => {
    expect(ToolResultValue.make("x")).toEqual({ type: "json", value: "x" });
  });

  it("make: content keeps an array and turns anything else into []", () => {
    expect(ToolResultValue.make([text("a")], "content")).toEqual({ type: "content", value: [text("a")] });
    expect(ToolResultValue.make("a", "content")).toEqual({ type: "content", value: [] });
  });
});

describe("ToolOutput (§1.1)", () => {
  it("make defaults content to []", () => {
    expect(ToolOutput.make({ a: 1 })).toEqual({ structured: { a: 1 }, content: [] });
  });

  it("toResultValue: no content → json of structured", () => {
    expect(ToolOutput.toResultValue({ structured: { a: 1 }, content: [] })).toEqual({ type: "json", value: { a: 1 } });
  });

  it("toResultValue: one text part → text", () => {
    expect(ToolOutput.toResultValue({ structured: {}, content: [text("a")] })).toEqual({ type: "text", value: "a" });
  });

  it("toResultValue: two text parts → content", () => {
    expect(ToolOutput.toResultValue({ structured: {}, content: [text("a"), text("b")] })).toEqual({ type: "content", value: [text("a"), text("b")] });
  });

  it("toResultValue: one file part → content", () => {
    expect(ToolOutput.toResultValue({ structured: {}, content: [file] })).toEqual({ type: "content", value: [file] });
  });

  it("toResultValue follows its three rules for any content", () => {
    const part = fc.oneof(fc.string().map(text), fc.constant(file));
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(part, { maxLength: 4 }), (structured, content) => {
        const result = ToolOutput.toResultValue({ structured, content });
        if (content.length === 0) expect(result).toEqual({ type: "json", value: structured });
        else if (content.length === 1 && content[0].type === "text") expect(result).toEqual({ type: "text", value: content[0].text });
        else expect(result).toEqual({ type: "content", value: content });
      }),
      { numRuns: 10_000 },
    );
  });

  it("fromResultValue: json → structured, text → one text part, content → parts, error → undefined", () => {
    expect(ToolOutput.fromResultValue({ type: "json", value: [1] })).toEqual({ structured: [1], content: [] });
    expect(ToolOutput.fromResultValue({ type: "text", value: "a" })).toEqual({ structured: {}, content: [text("a")] });
    expect(ToolOutput.fromResultValue({ type: "content", value: [file] })).toEqual({ structured: {}, content: [file] });
    expect(ToolOutput.fromResultValue({ type: "error", value: "x" })).toBeUndefined();
  });

  it("fromResultValue: a non-string text value is JSON.stringify'd, else String()'d", () => {
    expect(ToolOutput.fromResultValue({ type: "text", value: { a: 1 } })?.content).toEqual([text('{"a":1}')]);
    expect(ToolOutput.fromResultValue({ type: "text", value: undefined })?.content).toEqual([text("undefined")]);
    expect(ToolOutput.fromResultValue({ type: "text", value: 10n })?.content).toEqual([text("10")]);
  });
});

describe("ToolResultPart and Message (§1.1)", () => {
  it("make builds result with ToolResultValue.make(result, resultType)", () => {
    expect(ToolResultPart.make({ id: "c1", name: "bash", result: "x", resultType: "text" })).toEqual({ type: "tool-result", id: "c1", name: "bash", result: { type: "text", value: "x" } });
  });

  it("Message.tool wraps one part", () => {
    const part = ToolResultPart.make({ id: "c1", name: "glob", result: { a: 1 } });
    expect(Message.tool(part)).toEqual({ role: "tool", content: [part] });
  });
});

describe("file parts (§1.2)", () => {
  it("turn {data, mime, name} into a data: URI", () => {
    expect(fileContent("AAAA", "image/png", "a.png")).toEqual({ type: "file", uri: "data:image/png;base64,AAAA", mime: "image/png", name: "a.png" });
  });
});

describe("history replay of an errored part (§1.2, README v2 errors)", () => {
  it("is the error record with content [] and structured {}", () => {
    expect(JSON.stringify(replayErrorRecord("Unknown tool: x"))).toBe('{"error":{"type":"unknown","message":"Unknown tool: x"},"content":[],"structured":{}}');
  });

  it("JSON-stringifies a non-string error", () => {
    expect(replayErrorRecord({ code: 1 }).error.message).toBe('{"code":1}');
  });

  it("becomes an error ToolResultPart", () => {
    expect(replayErrorPart("c1", "read", "Unable to read /x").result).toEqual({
      type: "error",
      value: { error: { type: "unknown", message: "Unable to read /x" }, content: [], structured: {} },
    });
  });
});
