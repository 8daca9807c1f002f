import type { Validator } from "../generated/validator.js";
import validateAnthropicMessages from "../generated/validators/wire/anthropic-messages.js";
import validateGoogleGemini from "../generated/validators/wire/google-gemini.js";
import validateOpenaiChat from "../generated/validators/wire/openai-chat.js";
import validateOpenaiResponses from "../generated/validators/wire/openai-responses.js";
import { toValidationIssues } from "../schema/validation-issue.js";
import type { MatcherOutcome } from "./vitest-matcher-outcome.js";

/**
 * The wire validators, imported statically so the matcher is synchronous: the generated
 * standalone validators are plain ES modules, loaded with this one.
 */
const wireValidators: Record<string, Validator> = {
  "openai-chat": validateOpenaiChat,
  "anthropic-messages": validateAnthropicMessages,
  "google-gemini": validateGoogleGemini,
  "openai-responses": validateOpenaiResponses,
};

/** Issues shown in a failure message. */
const SHOWN = 10;

/**
 * `expect(body).toBeValidWire(protocol)`: the body (an object, or its JSON text) validates
 * against `schemas/wire/<protocol>.json`. The failure lists `pointer: expected …, found …`.
 */
export function validWire(received: unknown, protocol: string): MatcherOutcome {
  const validate = wireValidators[protocol];
  if (!validate) return { pass: false, message: () => `toBeValidWire: unknown protocol ${JSON.stringify(protocol)}; known: ${Object.keys(wireValidators).join(", ")}` };
  let body = received;
  if (typeof received === "string") {
    try {
      body = JSON.parse(received);
    } catch (error) {
      return { pass: false, message: () => `expected a valid ${protocol} wire body, but the string is not JSON (${(error as Error).message})` };
    }
  }
  const pass = validate(body);
  const issues = pass ? [] : toValidationIssues(validate.errors ?? [], body);
  return {
    pass,
    message: () =>
      pass
        ? `expected the body not to be a valid ${protocol} wire body, but it validates against wire/${protocol}`
        : [`expected a valid ${protocol} wire body (wire/${protocol}):`, ...issues.slice(0, SHOWN).map((issue) => `  ${issue.pointer || "/"}: expected ${issue.expected}, found ${issue.found}`)].join(
            "\n",
          ),
  };
}
