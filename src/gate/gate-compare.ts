import type { ValueDifference } from "../golden/value-differences.js";
import { valueDifferences } from "../golden/value-differences.js";

/** What is compared for one call: its wire element and what followed its batch. */
export interface GateComparable {
  result: unknown;
  after: unknown[];
}

/** The result of comparing one call's expected and actual fragments byte for byte. */
export interface GateComparison {
  equal: boolean;
  differences: ValueDifference[];
  /** Where the two JSON texts first differ, described for a person (absent when equal). */
  firstByte?: string;
}

const show = (byte: number | undefined) => (byte === undefined ? "end of text" : `0x${byte.toString(16).padStart(2, "0")} ${JSON.stringify(String.fromCharCode(byte))}`);

/**
 * Compares the JSON texts of two fragments exactly (key order included: it is what the agent sent)
 * and, when they differ, names the first differing byte of the compact JSON and the differing
 * values by JSON pointer.
 */
export function compareGateFragments(expected: GateComparable, actual: GateComparable): GateComparison {
  const expectedText = Buffer.from(JSON.stringify(expected), "utf8");
  const actualText = Buffer.from(JSON.stringify(actual), "utf8");
  if (expectedText.equals(actualText)) return { equal: true, differences: [] };
  let offset = 0;
  while (offset < expectedText.length && offset < actualText.length && expectedText[offset] === actualText[offset]) offset++;
  const context = (bytes: Buffer) => JSON.stringify(bytes.subarray(Math.max(0, offset - 24), offset + 24).toString("utf8"));
  const firstByte = `first difference at byte ${offset} of the fragment's JSON: expected ${show(expectedText[offset])}, found ${show(actualText[offset])} (expected …${context(expectedText)}…, found …${context(actualText)}…)`;
  const differences = valueDifferences(expected, actual, true);
  return { equal: false, differences: differences.length ? differences : [{ pointer: "", expected, actual }], firstByte };
}
