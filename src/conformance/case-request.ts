import type { LoadedCase } from "./loaded-case.js";

/**
 * The adapter requests (op + params) one case needs: one for format and truncate cases, one
 * per protocol for lower cases. `outputDir` is filled in when the case names none.
 */
export function caseRequests(testCase: LoadedCase, outputDir: string): { op: string; protocol?: string; params: Record<string, unknown> }[] {
  const body = testCase.expandBody();
  const options = { outputDir, ...((body.options as Record<string, unknown>) ?? {}) };
  switch (testCase.stage) {
    case "format":
      return [{ op: "format", params: { profile: body.profile, tool: body.tool, input: body.input, observation: body.observation, options } }];
    case "truncate": {
      const params: Record<string, unknown> = { profile: body.profile, options };
      for (const key of ["text", "output", "direction"]) if (body[key] !== undefined) params[key] = body[key];
      return [{ op: "truncate", params }];
    }
    case "lower":
      return testCase.protocols.map((protocol) => {
        const params: Record<string, unknown> = { profile: body.profile, protocol, messages: body.messages };
        if (body.model !== undefined) params.model = body.model;
        if (body.from !== undefined) params.from = body.from;
        return { op: "lower", protocol, params };
      });
    default: {
      const _exhaustive: never = testCase.stage;
      return _exhaustive;
    }
  }
}

/** The options.outputDir a case's requests use (the case's own, or the run's). */
export const outputDirOf = (testCase: LoadedCase, fallback: string): string => ((testCase.body.options as Record<string, unknown> | undefined)?.outputDir as string | undefined) ?? fallback;
