import { AdapterError } from "../adapter/adapter-error.js";
import { DEFAULT_OUTPUT_DIR, forgetOutputStore, referenceOps } from "../adapter/reference-handler.js";
import { redactValue, standardRedactions } from "../golden/redact.js";
import { renderDifference } from "../golden/render-difference.js";
import { valueDifferences } from "../golden/value-differences.js";
import { createTempOutputDirectory } from "../output-store/temp-output-directory.js";
import type { FormatOptions } from "../profiles/profile.js";
import { findProfile } from "../profiles/profile-registry.js";
import type { MatcherOutcome } from "./vitest-matcher-outcome.js";

/** What `toConformTo` compares against: one `format` call of the reference. */
export interface ConformToCall {
  /** A profile id (any registered profile). */
  profile: string;
  tool: string;
  /** The tool call's input (arguments). */
  input: unknown;
  /** What happened when the tool ran (schemas/observations/<tool>.json). */
  observation: Record<string, unknown>;
  options?: FormatOptions;
}

/** Differences shown in a failure message; the rest are counted. */
const SHOWN = 5;

/**
 * `expect(result).toConformTo({profile, tool, input, observation, options?})`: the received
 * tool result equals, byte for byte, what the reference's `format` gives for the same call
 * (saved-output paths redacted on both sides to `[OUTPUT]/tool_[ID]`, as `correx check` does).
 * The failure message is the visible-whitespace diff `correx check` prints.
 */
export function conformTo(received: unknown, call: ConformToCall): MatcherOutcome {
  const what = `${call.profile} ${call.tool}`;
  let reference: unknown;
  // A full output the reference saves goes to a folder of this call (the path is redacted, the file
  // never read), removed at once, not to the shared /tmp/correx-output.
  const scratch = call.options?.outputDir === undefined ? createTempOutputDirectory(DEFAULT_OUTPUT_DIR.slice(0, -6)) : undefined;
  const options = scratch ? { ...call.options, outputDir: scratch.path } : call.options;
  try {
    reference = (referenceOps.format({ profile: call.profile, tool: call.tool, input: call.input, observation: call.observation, options }) as { result: unknown }).result;
  } catch (error) {
    const reason = AdapterError.isInstance(error) ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
    return { pass: false, message: () => `toConformTo: the reference cannot format this ${what} call (${reason})` };
  } finally {
    if (scratch) {
      scratch.remove();
      forgetOutputStore(scratch.path);
    }
  }
  // The profile's own volatile values (codex-cli: chunk ids, wall times…) are redacted too.
  const rules = [...standardRedactions(options?.outputDir ?? DEFAULT_OUTPUT_DIR), ...(findProfile(call.profile)?.redactions ?? [])];
  const expected = redactValue(reference, rules);
  const actual = redactValue(received, rules);
  const differences = valueDifferences(expected, actual);
  const pass = differences.length === 0;
  return {
    pass,
    message: () => {
      if (pass) return `expected the result not to conform to ${what}, but it equals the reference's byte for byte`;
      const shown = differences.slice(0, SHOWN).map((difference) => renderDifference(difference, { expected: "reference", actual: "received" }));
      const more = differences.length > SHOWN ? [`… ${differences.length - SHOWN} more differences`] : [];
      return [`expected the result to conform to ${what} (the reference): ${differences.length} difference${differences.length === 1 ? "" : "s"}`, ...shown, ...more].join("\n\n");
    },
  };
}
