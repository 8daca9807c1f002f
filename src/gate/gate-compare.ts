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

/** UTF-8 continuation bytes (10xxxxxx) never start a character. */
const isContinuation = (byte: number | undefined) => byte !== undefined && (byte & 0xc0) === 0x80;

/** The whole character the byte at `offset` belongs to (its first to its last byte), decoded. */
function characterAt(bytes: Buffer, offset: number): string {
  let start = offset;
  while (start > 0 && offset - start < 3 && isContinuation(bytes[start])) start--;
  let end = start + 1;
  while (end < bytes.length && end - start < 4 && isContinuation(bytes[end])) end++;
  return bytes.subarray(start, end).toString("utf8");
}

/** One byte for a person: its hex value, and the character it is (ASCII) or is part of (a multi-byte character, never half of one). */
function show(bytes: Buffer, offset: number): string {
  const byte = bytes[offset];
  if (byte === undefined) return "end of text";
  const hex = `0x${byte.toString(16).padStart(2, "0")}`;
  if (byte < 0x80) return `${hex} ${JSON.stringify(String.fromCharCode(byte))}`;
  return `${hex} (${isContinuation(byte) ? "inside" : "first byte of"} ${JSON.stringify(characterAt(bytes, offset))})`;
}

/** About 24 bytes either side of `offset`, widened to whole characters so no character is shown cut in half. */
function contextAround(bytes: Buffer, offset: number): string {
  let start = Math.max(0, offset - 24);
  while (start > 0 && isContinuation(bytes[start])) start--;
  let end = Math.min(bytes.length, offset + 24);
  while (end < bytes.length && isContinuation(bytes[end])) end++;
  return JSON.stringify(bytes.subarray(start, end).toString("utf8"));
}

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
  const firstByte = `first difference at byte ${offset} of the fragment's JSON: expected ${show(expectedText, offset)}, found ${show(actualText, offset)} (expected …${contextAround(expectedText, offset)}…, found …${contextAround(actualText, offset)}…)`;
  const differences = valueDifferences(expected, actual, true);
  return { equal: false, differences: differences.length ? differences : [{ pointer: "", expected, actual }], firstByte };
}
