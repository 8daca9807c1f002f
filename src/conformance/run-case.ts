import { RedactionTimeoutError, redactValueWithin } from "../golden/bounded-redaction.js";
import { type RedactionRule, redactValue, standardRedactions } from "../golden/redact.js";
import { valueDifferences } from "../golden/value-differences.js";
import { InputError } from "../input/input-error.js";
import { findProfile } from "../profiles/profile-registry.js";
import { boundedMessage, type CaseOutcome } from "./case-outcome.js";
import { caseRequests, outputDirOf } from "./case-request.js";
import type { LoadedCase, LoadedGolden } from "./loaded-case.js";
import type { Subject } from "./subject.js";

export interface RunCaseOptions {
  outputDir: string;
  timeoutMs: number;
}

/**
 * Runs one case against a subject and compares the redacted actual value with the golden's
 * expected value, byte for byte (strings exact; key order significant for wire bodies).
 * Returns the outcome without the golden bookkeeping (run-check does that).
 */
export async function runCase(testCase: LoadedCase, golden: LoadedGolden | null, subject: Subject, options: RunCaseOptions): Promise<CaseOutcome> {
  const started = performance.now();
  const base = {
    id: testCase.id,
    profile: testCase.profile,
    stage: testCase.stage,
    area: testCase.tool ?? testCase.stage,
    protocols: testCase.protocols,
    tags: testCase.tags,
    spec: testCase.spec,
    level: testCase.level,
    input: testCase.body,
    differences: [],
    golden: "none" as const,
  };
  const done = (fields: Partial<CaseOutcome> & Pick<CaseOutcome, "status">): CaseOutcome => ({
    ...base,
    ...fields,
    // A subject's own words (crash, unsupported, error) are bounded: one subject cannot fill the report.
    ...(fields.message === undefined ? {} : { message: boundedMessage(fields.message) }),
    durationMs: performance.now() - started,
  });
  const outputDir = outputDirOf(testCase, options.outputDir);
  const rules: RedactionRule[] = [...standardRedactions(outputDir), ...(findProfile(testCase.profile)?.redactions ?? [])];
  // The case's own patterns are anybody's regular expressions: run under a time limit, and one past it is bad input.
  const caseRules: RedactionRule[] = testCase.redact.map((rule) => ({ pattern: new RegExp(rule.pattern, "g"), token: rule.token }));
  const redactCase = (value: unknown): unknown => {
    try {
      return redactValueWithin(value, caseRules);
    } catch (error) {
      if (!RedactionTimeoutError.isInstance(error)) throw error;
      const first = testCase.redact[0];
      throw new InputError(
        `/redact: the case's redact patterns ${error.message} on this case's output (a pattern that backtracks catastrophically, such as a repeated group that itself repeats?)`,
        testCase.file,
        first?.line,
        first?.column,
      );
    }
  };
  const requests = caseRequests(testCase, options.outputDir);
  const actualByProtocol: Record<string, unknown> = {};
  let actual: unknown;
  for (const request of requests) {
    const reply = await subject.call(request.op, request.params, options.timeoutMs);
    switch (reply.kind) {
      case "result":
        break;
      case "unsupported":
        return done({ status: "unsupported", message: reply.message });
      case "error":
        return done({ status: "crash", message: `subject reported ${reply.code}: ${reply.message}` });
      case "crash":
        return done({ status: "crash", message: reply.message });
      case "timeout":
        return done({ status: "timeout", message: reply.message });
      default: {
        const _exhaustive: never = reply;
        return _exhaustive;
      }
    }
    const redacted = redactCase(redactValue(reply.result, rules));
    if (request.protocol) {
      const lowered = redacted as { body?: unknown; error?: string };
      actualByProtocol[request.protocol] = lowered.body ?? { error: lowered.error };
    } else actual = redacted;
  }
  if (testCase.stage === "lower") actual = actualByProtocol;
  if (!golden) return done({ status: "fail", message: "no golden yet", actual });
  const differences = valueDifferences(golden.expected, actual, testCase.stage === "lower");
  return done({
    status: differences.length === 0 ? "pass" : "fail",
    message: differences.length === 0 ? undefined : `${differences.length} difference${differences.length === 1 ? "" : "s"}`,
    differences,
    actual,
    expected: golden.expected,
  });
}
