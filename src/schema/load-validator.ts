import type { Validator } from "../generated/validator.js";
import { allErrorsValidatorLoaders, validatorLoaders } from "../generated/validators/index.js";
import type { SchemaKind } from "./schema-kind.js";

const cache = new Map<SchemaKind, Validator>();

/** Loads the precompiled (standalone) validator of one schema kind, once per process. */
export async function loadValidator(kind: SchemaKind): Promise<Validator> {
  const cached = cache.get(kind);
  if (cached) return cached;
  const module = await validatorLoaders[kind]();
  cache.set(kind, module.default);
  return module.default;
}

const allErrorsCache = new Map<SchemaKind, Validator>();

/** The all-errors build of a kind's validator: slower, so only used to explain a failure. */
export async function loadAllErrorsValidator(kind: SchemaKind): Promise<Validator> {
  const cached = allErrorsCache.get(kind);
  if (cached) return cached;
  const module = await allErrorsValidatorLoaders[kind]();
  allErrorsCache.set(kind, module.default);
  return module.default;
}
