import { type SchemaKind, validatorLoaders } from "../generated/validators/index.js";

export type { SchemaKind };

/** Every schema kind: its path under schemas/ without `.json`, e.g. `envelope/tool-result-part`. */
export const schemaKinds = Object.keys(validatorLoaders) as SchemaKind[];

/**
 * Resolves what a user typed for `--as`: a full kind (`envelope/tool-result-part`) or, when it is
 * unambiguous, its last segment (`tool-result-part`, `openai-chat`). Returns null when unknown.
 */
export function resolveSchemaKind(name: string): SchemaKind | null {
  const trimmed = name.replace(/\.json$/, "");
  if ((schemaKinds as string[]).includes(trimmed)) return trimmed as SchemaKind;
  const matches = schemaKinds.filter((kind) => kind.endsWith("/" + trimmed));
  return matches.length === 1 ? matches[0] : null;
}

/** The short names users may pass to `--as`, for help and error messages. */
export function schemaKindAliases(): string[] {
  return schemaKinds.map((kind) => {
    const last = kind.slice(kind.lastIndexOf("/") + 1);
    return schemaKinds.filter((k) => k.endsWith("/" + last) || k === last).length === 1 ? last : kind;
  });
}
