import { describe, expect, it } from "vitest";
import { focusIssues } from "./focus-issues.js";
import type { ValidationIssue } from "./validation-issue.js";

const issue = (code: string, pointer: string, schemaPath: string): ValidationIssue => ({ code, pointer, schemaPath, params: {}, expected: "", found: "" });

describe("focusIssues", () => {
  // what ajv reports for a workspace file's content {base64: "not base64!!"} (anyOf: string | {base64} | {repeat, count})
  const content = [
    issue("type", "/workspace/files/a.bin", "#/$defs/Content/anyOf/0/type"),
    issue("pattern", "/workspace/files/a.bin/base64", "#/$defs/Content/anyOf/1/properties/base64/pattern"),
    issue("required", "/workspace/files/a.bin/repeat", "#/$defs/Content/anyOf/2/required"),
    issue("required", "/workspace/files/a.bin/count", "#/$defs/Content/anyOf/2/required"),
    issue("additionalProperties", "/workspace/files/a.bin/base64", "#/$defs/Content/anyOf/2/additionalProperties"),
    issue("anyOf", "/workspace/files/a.bin", "#/$defs/Content/anyOf"),
  ];

  it("keeps only the anyOf branch whose shape the value has (an outside judge got five lines for one bad base64, one contradicting it)", () => {
    expect(focusIssues(content, { workspace: { files: { "a.bin": { base64: "not base64!!" } } } }).map((each) => each.code)).toEqual(["pattern"]);
  });

  it("keeps every branch when none fits the value's shape (a number where a string or an object goes)", () => {
    const none = [issue("type", "/x", "#/anyOf/0/type"), issue("type", "/x", "#/anyOf/1/type"), issue("anyOf", "/x", "#/anyOf")];
    expect(focusIssues(none, { x: 7 }).map((each) => each.schemaPath)).toEqual(["#/anyOf/0/type", "#/anyOf/1/type"]);
  });

  it("leaves issues outside any anyOf alone", () => {
    const plain = [issue("required", "/name", "#/required")];
    expect(focusIssues(plain, {})).toEqual(plain);
  });
});
