import { createContext, Script } from "node:vm";
import { type RedactionRule, redactValue } from "./redact.js";

/** How long a case's own redaction rules may take on one value before they are refused. */
export const REDACTION_TIME_LIMIT_MS = 2000;

/** A case's own rules ran past the time limit (a pattern that backtracks catastrophically). */
export class RedactionTimeoutError extends Error {
  override readonly name = "RedactionTimeoutError";
  static isInstance(error: unknown): error is RedactionTimeoutError {
    return error instanceof Error && error.name === "RedactionTimeoutError";
  }
}

const script = new Script("run()");

/**
 * redactValue under a time limit: the rules of a case file are anybody's regular expressions,
 * and one like `(a+)+$` takes exponential time on a long run of `a`. V8 can interrupt a running
 * match only from a watchdog, which `vm`'s timeout is; past `limitMs` this throws
 * RedactionTimeoutError instead of hanging the run.
 */
export function redactValueWithin(value: unknown, rules: readonly RedactionRule[], limitMs: number = REDACTION_TIME_LIMIT_MS): unknown {
  if (rules.length === 0) return value;
  let result: unknown;
  const context = createContext({ run: () => (result = redactValue(value, rules)) });
  try {
    script.runInContext(context, { timeout: limitMs });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") throw new RedactionTimeoutError(`took over ${limitMs} ms`);
    throw error;
  }
  return result;
}
