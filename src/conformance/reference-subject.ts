import { AdapterError } from "../adapter/adapter-error.js";
import { referenceOps } from "../adapter/reference-handler.js";
import type { Subject, SubjectReply } from "./subject.js";

/** The built-in reference, called in-process through the same op table `correx adapter` serves. */
export function createOpsSubject(name: string, ops: Record<string, (params: Record<string, unknown>) => unknown>, options: { stackTraces?: boolean } = {}): Subject {
  return {
    name,
    async call(op, params): Promise<SubjectReply> {
      const handler = ops[op];
      if (!handler) return { kind: "unsupported", message: `op ${op} is not supported` };
      try {
        return { kind: "result", result: await handler(params) };
      } catch (error) {
        if (AdapterError.isInstance(error)) {
          return error.code === "unsupported" ? { kind: "unsupported", message: error.message } : { kind: "error", code: error.code, message: error.message };
        }
        // with --debug, the stack of a module subject's own exception: where in its code it threw
        if (options.stackTraces && error instanceof Error && error.stack) return { kind: "crash", message: error.stack };
        return { kind: "crash", message: error instanceof Error ? error.message : String(error) };
      }
    },
    async close() {},
  };
}

export const createReferenceSubject = (): Subject => createOpsSubject("reference", referenceOps);
