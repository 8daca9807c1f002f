import { describe, expect, it } from "vitest";
import { checkInput, input } from "./effect-schema-input.js";

const bash = [input.required("command", input.string), input.optional("workdir", input.string), input.optional("timeout", input.number)];

describe("checkInput (§1.2 settle step 1, README v2 list)", () => {
  it('reports a missing key as `Missing key⏎  at ["command"]`', () => {
    expect(checkInput({}, bash)).toBe('Missing key\n  at ["command"]');
  });

  it('reports a wrong optional type as `Expected number | undefined, got "ten"`', () => {
    expect(checkInput({ command: "ls", timeout: "ten" }, bash)).toBe('Expected number | undefined, got "ten"\n  at ["timeout"]');
  });

  it("reports a wrong required type without `| undefined`", () => {
    expect(checkInput({ command: 5 }, bash)).toBe('Expected string, got 5\n  at ["command"]');
  });

  it("reports the first problem in declaration order", () => {
    expect(checkInput({ timeout: "x" }, bash)).toBe('Missing key\n  at ["command"]');
  });

  it("accepts valid input and ignores extra keys", () => {
    expect(checkInput({ command: "ls", timeout: 5, description: "x" }, bash)).toBeUndefined();
  });

  it("walks into arrays with index paths", () => {
    const todos = [input.required("todos", input.array(input.struct(input.required("content", input.string))))];
    expect(checkInput({ todos: [{ content: "a" }, {}] }, todos)).toBe('Missing key\n  at ["todos"][1]["content"]');
  });

  it("lists the union members of the value's own type: a string against optional literals without `| undefined`, a number with it (the binary: seeds 5002, 6002)", () => {
    const format = [input.optional("format", input.literal("text", "markdown", "html"))];
    expect(checkInput({ format: "TEXT" }, format)).toBe('Expected "text" | "markdown" | "html", got "TEXT"\n  at ["format"]');
    expect(checkInput({ format: 1 }, format)).toBe('Expected "text" | "markdown" | "html" | undefined, got 1\n  at ["format"]');
  });
});

// Texts the 1.18.33 v2 runner sent in the differential campaign (seed 9001) for out-of-range arguments.
describe("v2 argument checks seen from the binary (differential campaign)", () => {
  const positiveInt = [input.optional("limit", input.boundedNumber({ integer: true, greaterThan: 0 }))];
  it("a positive integer: a fraction is `Expected an integer`, 0 and below `Expected a value greater than 0`", () => {
    expect(checkInput({ limit: 1.5 }, positiveInt)).toBe('Expected an integer, got 1.5\n  at ["limit"]');
    expect(checkInput({ limit: 0 }, positiveInt)).toBe('Expected a value greater than 0, got 0\n  at ["limit"]');
    expect(checkInput({ limit: -1 }, positiveInt)).toBe('Expected a value greater than 0, got -1\n  at ["limit"]');
    expect(checkInput({ limit: 3 }, positiveInt)).toBeUndefined();
  });
  it("an upper bound after the lower one", () => {
    expect(checkInput({ timeout: 600001 }, [input.optional("timeout", input.boundedNumber({ integer: true, greaterThan: 0, atMost: 600000 }))])).toBe(
      'Expected a value less than or equal to 600000, got 600001\n  at ["timeout"]',
    );
  });
  it("a struct with an identifier names it: `Expected Todo, got 1`", () => {
    expect(checkInput({ todos: [1] }, [input.required("todos", input.array(input.namedStruct("Todo", input.required("content", input.string))))])).toBe('Expected Todo, got 1\n  at ["todos"][0]');
  });
});
