// Validating one fragment against its provider's spec, with the known exceptions applied.
import { KNOWN_EXCEPTIONS } from "./known-exceptions.mjs";

function describeErrors(errors) {
  return (errors ?? [])
    .filter((error) => error.keyword !== "anyOf" && error.keyword !== "oneOf")
    .concat((errors ?? []).filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf"))
    .slice(0, 6)
    .map((error) => `${error.instancePath || "/"} ${error.message}`)
    .join("; ");
}

/**
 * Checks one fragment: { status: "ok" | "fail" | "known", detail }. `exceptions` defaults to
 * KNOWN_EXCEPTIONS (the tests pass the list with one left out).
 */
export function checkFragment(validators, protocol, fragment, exceptions = KNOWN_EXCEPTIONS) {
  const validate = validators[fragment.provider][fragment.schema];
  if (validate(fragment.value)) return { status: "ok", detail: "" };
  const detail = describeErrors(validate.errors);
  for (const exception of exceptions) {
    if (exception.protocol !== protocol || !exception.schemas.includes(fragment.schema)) continue;
    if (!exception.applies(fragment.value)) continue;
    if (validate(exception.repair(fragment.value))) return { status: "known", detail: `${exception.id}: ${exception.reason}`, exception: exception.id };
  }
  return { status: "fail", detail };
}
