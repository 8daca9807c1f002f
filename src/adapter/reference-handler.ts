import { createOutputStore } from "../output-store/output-store-node.js";
import { findProfile, profiles } from "../profiles/profile-registry.js";
import { UnsupportedError, type FormatOptions } from "../profiles/profile.js";
import type { OutputStorePort } from "../profiles/output-store-port.js";
import { AdapterError } from "./adapter-error.js";

/** Where the reference saves truncated output when a request names no outputDir. */
export const DEFAULT_OUTPUT_DIR = "/tmp/correx-output";

const version = "0.1.0";
const stores = new Map<string, OutputStorePort>();

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
  if (!profile) throw new AdapterError("unsupported", `unknown profile ${JSON.stringify(id)}; known: ${Object.keys(profiles).join(", ")}`);
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
      result: profile.format(
        { tool: params.tool as string, input: params.input, observation: params.observation as Record<string, unknown>, options },
        storeFor(options),
      ),
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
  lower: (params) => {
    profileOf(params.profile);
    throw new AdapterError("unsupported", `lowering to ${String(params.protocol)} is not implemented by the reference yet`);
  },
  bye: () => ({}),
};
