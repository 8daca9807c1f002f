import { LoweringError } from "../lower/lowering-error.js";
import type { Protocol } from "../lower/lowering-result.js";
import { NEUTRAL_MESSAGE_KIND } from "../lower/neutral-history.js";
import { createOutputStore } from "../output-store/output-store-node.js";
import type { OutputStorePort } from "../profiles/output-store-port.js";
import { type FormatOptions, UnsupportedError } from "../profiles/profile.js";
import { findProfile, listProfiles } from "../profiles/profile-registry.js";
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
  if (!profile)
    throw new AdapterError(
      "invalid-request",
      `unknown profile ${JSON.stringify(id)}; known: ${listProfiles()
        .map((profile) => profile.id)
        .join(", ")}`,
    );
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

/**
 * The `lower` op: validates each message against the schema of its form (`from`, the profile's
 * `history.forms`), and in a neutral history each result against the profile's result schema,
 * then lowers with the profile; a lowering error is the result `{error}` with the agent's exact text.
 */
async function lowerOp(params: Params): Promise<unknown> {
  const profile = profileOf(params.profile);
  const forms = profile.history.forms;
  const from = (params.from as string | undefined) ?? Object.keys(forms)[0]!;
  const kind = Object.hasOwn(forms, from) ? (forms[from] as SchemaKind) : undefined;
  if (!kind) throw new AdapterError("invalid-request", `/from: ${JSON.stringify(from)} is not a level of ${profile.id}; known: ${Object.keys(forms).join(", ")}`);
  const messages = params.messages as unknown[];
  await checkMessages(messages, kind, "/messages");
  if (kind === NEUTRAL_MESSAGE_KIND && profile.resultKind !== undefined) {
    const results = messages.map((message, index) => ({ message: message as { role: string; result?: unknown }, index })).filter(({ message }) => message.role === "tool");
    const validate = await loadValidator(profile.resultKind as SchemaKind);
    for (const { message, index } of results) {
      if (validate(message.result)) continue;
      const [issue] = toValidationIssues(validate.errors ?? [], message.result);
      throw new AdapterError("invalid-request", `/messages/${index}/result${issue?.pointer ?? ""}: expected ${issue?.expected}, found ${issue?.found} (${profile.resultKind})`);
    }
  }
  const protocol = params.protocol as Protocol;
  return unsupportedToAdapter(() => {
    try {
      const { body, warnings } = profile.history.lower({ protocol, messages, from, model: params.model as string | undefined });
      return warnings.length > 0 ? { body, warnings } : { body };
    } catch (error) {
      // The profile itself refuses this history (e.g. an unsupported media type, spec §4.3):
      // that is the expected result, reported as data with the agent's exact text.
      if (LoweringError.isInstance(error)) return { error: error.message };
      throw error;
    }
  });
}

/** Each message against `kind`: the first failure is an invalid request naming its pointer. */
async function checkMessages(messages: readonly unknown[], kind: SchemaKind, base: string): Promise<void> {
  const validate = await loadValidator(kind);
  messages.forEach((message, index) => {
    if (!validate(message)) {
      const [issue] = toValidationIssues(validate.errors ?? [], message);
      throw new AdapterError("invalid-request", `${base}/${index}${issue?.pointer ?? ""}: expected ${issue?.expected}, found ${issue?.found} (${kind})`);
    }
  });
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
    profiles: listProfiles().map((profile) => profile.id),
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
