import { MAX_NESTING_DEPTH } from "../input/input-limits.js";
import { findExcessiveNesting } from "../input/parse-json-record.js";
import { loadValidator } from "../schema/load-validator.js";
import { toValidationIssues } from "../schema/validation-issue.js";
import { AdapterError } from "./adapter-error.js";

/** What one request line produced: the response line to write, and whether to stop serving. */
export interface AdapterLineOutcome {
  response: string;
  stop: boolean;
}

type Ops = Record<string, (params: Record<string, unknown>) => unknown>;

const failure = (id: unknown, code: string, message: string): string => JSON.stringify({ id: typeof id === "number" || typeof id === "string" ? id : null, ok: false, error: { code, message } });

/**
 * Handles one line of the adapter protocol (design: adapter protocol): a malformed line, an
 * unknown op or params that fail their schema get `invalid-request` (with the id when one could
 * be read); op failures map to their code; anything else is `internal`. Never throws.
 */
export async function handleAdapterLine(line: string, ops: Ops): Promise<AdapterLineOutcome> {
  let request: unknown;
  // Refused before anything recurses through it (the parser, the validator, the reply's serialisation).
  if (line.length > MAX_NESTING_DEPTH * 2 && findExcessiveNesting(line, MAX_NESTING_DEPTH) !== -1) {
    return { response: failure(null, "invalid-request", `request nests deeper than ${MAX_NESTING_DEPTH} levels`), stop: false };
  }
  try {
    request = JSON.parse(line);
  } catch (error) {
    return { response: failure(null, "invalid-request", `malformed JSON: ${error instanceof Error ? error.message : String(error)}`), stop: false };
  }
  const id = request !== null && typeof request === "object" && !Array.isArray(request) ? (request as Record<string, unknown>).id : undefined;
  try {
    const validate = await loadValidator("adapter/request");
    if (!validate(request)) {
      const [issue] = toValidationIssues(validate.errors ?? [], request);
      const op = (request as Record<string, unknown> | null)?.op;
      const message =
        issue?.code === "discriminator" && issue.pointer === "/op"
          ? `unknown op ${JSON.stringify(op)}; known: ${Object.keys(ops).join(", ")}`
          : `${issue?.pointer || "/"}: expected ${issue?.expected}, found ${issue?.found}`;
      return { response: failure(id, "invalid-request", message), stop: false };
    }
    const params = request as Record<string, unknown>;
    const op = ops[params.op as string];
    if (!op) return { response: failure(id, "unsupported", `op ${String(params.op)} is not supported`), stop: false };
    const result = await op(params);
    return { response: JSON.stringify({ id, ok: true, result }), stop: params.op === "bye" };
  } catch (error) {
    if (AdapterError.isInstance(error)) return { response: failure(id, error.code, error.message), stop: false };
    const message = error instanceof Error ? error.message : String(error);
    return { response: failure(id, "internal", message.split("\n")[0]), stop: false };
  }
}
