import type { Message } from "../generated/schema-types.js";
import { lowerCore } from "../lower/lower-core.js";
import { LoweringError } from "../lower/lowering-error.js";
import type { Protocol } from "../lower/lowering-result.js";
import { type CliFrom, lowerCli } from "../lower/opencode-cli/lower-cli.js";
import { createOutputStore } from "../output-store/output-store-node.js";
import type { OutputStorePort } from "../profiles/output-store-port.js";
import { type FormatOptions, UnsupportedError } from "../profiles/profile.js";
import { findProfile, profiles } from "../profiles/profile-registry.js";
import { loadValidator } from "../schema/load-validator.js";
import type { SchemaKind } from "../schema/schema-kind.js";
import { toValidationIssues } from "../schema/validation-issue.js";
import { AdapterError } from "./adapter-error.js";
import { correxVersion as version } from "./correx-version.js";

/**
 * Where the reference saves truncated output when a request names no outputDir, and the folder the
 * corpus was recorded with: the commands and the matchers name a folder of their own of the same
 * length (`/tmp/correx-` + 6 random characters, removed at their end) instead.
 */
export const DEFAULT_OUTPUT_DIR = "/tmp/correx-output";

const stores = new Map<string, OutputStorePort>();

/** Drops the store kept for `dir`, a folder of one call that is removed after it (the map would grow by one per call). */
export function forgetOutputStore(dir: string): void {
  stores.delete(dir);
}

function storeFor(options: FormatOptions | undefined): OutputStorePort {
  const dir = options?.outputDir ?? DEFAULT_OUTPUT_DIR;
  let store = stores.get(dir);
  if (!store) {
    store = createOutputStore(dir);
    stores.set(dir, store);
  }
  return store;
}

function profileOf(id: unknown) {
  const profile = typeof id === "string" ? findProfile(id) : null;
  if (!profile) throw new AdapterError("invalid-request", `unknown profile ${JSON.stringify(id)}; known: ${Object.keys(profiles).join(", ")}`);
  return profile;
}

function unsupportedToAdapter<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (UnsupportedError.isInstance(error)) throw new AdapterError("unsupported", error.message);
    throw error;
  }
}

type Params = Record<string, unknown>;

/** The input schema of each lowering level (`from`), per profile. */
const lowerInputs: Record<string, Record<string, SchemaKind>> = {
  "opencode-core": { messages: "envelope/message" },
  "opencode-cli": { history: "opencode-cli/history-message", "model-messages": "opencode-cli/model-message", "sdk-messages": "opencode-cli/model-message" },
};

/** The `lower` op: validates each message against its level's schema, then lowers; a lowering error is the result `{error}` with opencode's exact text. */
async function lowerOp(params: Params): Promise<unknown> {
  const profile = profileOf(params.profile).id;
  const levels = lowerInputs[profile];
  if (!levels) throw new AdapterError("unsupported", `profile ${profile} does not lower`);
  const from = (params.from as string | undefined) ?? Object.keys(levels)[0]!;
  const kind = levels[from];
  if (!kind) throw new AdapterError("invalid-request", `/from: ${JSON.stringify(from)} is not a level of ${profile}; known: ${Object.keys(levels).join(", ")}`);
  const validate = await loadValidator(kind);
  const messages = params.messages as unknown[];
  messages.forEach((message, index) => {
    if (!validate(message)) {
      const [issue] = toValidationIssues(validate.errors ?? [], message);
      throw new AdapterError("invalid-request", `/messages/${index}${issue?.pointer ?? ""}: expected ${issue?.expected}, found ${issue?.found} (${kind})`);
    }
  });
  const protocol = params.protocol as Protocol;
  try {
    const { body, warnings } =
      profile === "opencode-core" ? lowerCore({ protocol, messages: messages as Message[] }) : lowerCli({ protocol, messages, from: from as CliFrom, model: params.model as string | undefined });
    return warnings.length > 0 ? { body, warnings } : { body };
  } catch (error) {
    // The profile itself refuses this history (e.g. an unsupported media type, spec §4.3):
    // that is the expected result, reported as data with opencode's exact text.
    if (LoweringError.isInstance(error)) return { error: error.message };
    throw error;
  }
}

/**
 * The reference implementation's op table (design: adapter protocol). Both `correx adapter`
 * (over stdio) and the in-process reference subject of `correx check` call it, so the two paths
 * cannot drift. Params are already schema-validated.
 */
export const referenceOps: Record<string, (params: Params) => unknown> = {
  hello: () => ({
    implementation: { name: "correx-reference", version },
    protocolVersion: 1,
    profiles: Object.keys(profiles),
    ops: ["hello", "format", "truncate", "lower", "bye"],
  }),
  format: (params) => {
    const profile = profileOf(params.profile);
    const options = params.options as FormatOptions | undefined;
    return unsupportedToAdapter(() => ({
      result: profile.format({ tool: params.tool as string, input: params.input, observation: params.observation as Record<string, unknown>, options }, storeFor(options)),
    }));
  },
  truncate: (params) => {
    const profile = profileOf(params.profile);
    const options = params.options as FormatOptions | undefined;
    return unsupportedToAdapter(() => {
      const { result, truncated, savedPath } = profile.truncate(
        {
          text: params.text as string | undefined,
          output: params.output as { structured: unknown; content: unknown[] } | undefined,
          direction: params.direction as "head" | "tail" | undefined,
          options,
        },
        storeFor(options),
      );
      return savedPath === undefined ? { result, truncated } : { result, truncated, savedPath };
    });
  },
  lower: (params) => lowerOp(params),
  bye: () => ({}),
};
