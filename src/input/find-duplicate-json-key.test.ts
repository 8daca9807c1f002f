import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countJsonMembers, countValueMembers, findDuplicateJsonKey } from "./find-duplicate-json-key.js";
import { parseJsonRecord } from "./parse-json-record.js";

describe("duplicate JSON keys (refused like YAML's unique keys)", () => {
  it("finds the second occurrence, keys compared after unescaping", () => {
    const text = '{"a": 1, "b": {"a": 2}, "\\u0061": 3}';
    expect(findDuplicateJsonKey(text)).toEqual({ offset: text.indexOf('"\\u0061"'), key: "a" });
  });
  it("does not mistake values, escaped quotes or keys of sibling objects for duplicates", () => {
    expect(findDuplicateJsonKey('[{"a": "a"}, {"a": "x\\":"}, {"k\\\\": 1, "k": 2}]')).toBeNull();
  });
  it("parseJsonRecord refuses it with the second key's line:col", () => {
    expect(() => parseJsonRecord('{\n  "id": "a",\n  "name": "b",\n  "id": "c"\n}', "x.json")).toThrow(expect.objectContaining({ message: 'malformed JSON: duplicate key "id"', line: 4, column: 3 }));
  });
  it("member counts of text and value agree exactly when no key repeats (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 1);
        expect(countJsonMembers(text)).toBe(countValueMembers(JSON.parse(text)));
        expect(findDuplicateJsonKey(text)).toBeNull();
      }),
    );
  });
  it("counts at the colons: quotes, backslashes, colons and white space inside keys and values never count (property)", () => {
    const tricky = fc.string({ unit: fc.constantFrom('"', "\\", ":", " ", "\n", "a") });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: "small" }, tricky, fc.array(tie("node"), { maxLength: 3 }), fc.dictionary(tricky, tie("node"), { maxKeys: 3 })),
    })).node;
    fc.assert(
      fc.property(value, fc.constantFrom(undefined, 1, "\t"), (data, indent) => {
        const text = JSON.stringify(data, null, indent).replace(/":/g, '" :');
        // the rewrite also hits a key's opening quote ({":":[]," :":[]} → two keys " :"): a duplicate
        // the fixture made, which the count rightly reports (CI seed -1102753335); not this property's case
        fc.pre(countValueMembers(JSON.parse(text)) === countValueMembers(data));
        expect(countJsonMembers(text)).toBe(countValueMembers(JSON.parse(text)));
      }),
    );
  });
  it("a duplicate spelled with colons inside strings is still found", () => {
    expect(() => parseJsonRecord('{"a":"x:y","b\\\\":":","[":":","a":"z"}', "x.json")).toThrow(expect.objectContaining({ message: 'malformed JSON: duplicate key "a"' }));
  });
});
