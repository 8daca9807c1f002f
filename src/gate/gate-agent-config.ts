import type { Scenario } from "../scenario/scenario.js";
import { renderGateTemplate } from "./gate-render-template.js";

/**
 * The rendered config with the scenario's `agentConfig` merged in (objects key by key, anything
 * else replaced; placeholders rendered in its strings), as 2-space JSON; the rendered text as it is
 * when the scenario sets none. A template that is not a JSON object cannot take it: an error.
 */
export function withScenarioConfig(rendered: string, scenario: Pick<Scenario, "name" | "agentConfig">, values: Record<string, string>): string {
  if (scenario.agentConfig === undefined) return rendered;
  let base: unknown;
  try {
    base = JSON.parse(rendered);
  } catch {
    base = undefined;
  }
  if (!isPlainObject(base)) throw new Error(`scenario ${scenario.name} sets agentConfig, but the rendered --config-template is not a JSON object`);
  const addition = renderStrings(scenario.agentConfig, values);
  return `${JSON.stringify(mergeConfig(base, addition), null, 2)}\n`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function mergeConfig(base: Record<string, unknown>, addition: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(addition)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeConfig(current, value) : value;
  }
  return merged;
}

function renderStrings<T>(value: T, values: Record<string, string>): T {
  if (typeof value === "string") return renderGateTemplate(value, values) as T;
  if (Array.isArray(value)) return value.map((item) => renderStrings(item, values)) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [renderGateTemplate(key, values), renderStrings(item, values)])) as T;
  return value;
}

/**
 * The input modalities besides text that the rendered config declares for `model`
 * (`provider.<id>.models.<model>.modalities.input`), when every provider entry of that model
 * declares the same ones; undefined when the config is not JSON, declares none, or its providers
 * disagree (the driver picks the provider: the gate cannot tell which).
 * opencode's ProviderTransform replaces a user-message file whose modality the model lacks (spec §4.1).
 */
export function declaredModalities(rendered: string | undefined, model: string): string[] | undefined {
  let config: unknown;
  try {
    config = rendered === undefined ? undefined : JSON.parse(rendered);
  } catch {
    return undefined;
  }
  if (!isPlainObject(config) || !isPlainObject(config.provider)) return undefined;
  const declared = new Set<string>();
  for (const provider of Object.values(config.provider)) {
    if (!isPlainObject(provider) || !isPlainObject(provider.models)) continue;
    const entry = provider.models[model];
    if (!isPlainObject(entry)) continue;
    const modalities = entry.modalities;
    const input = isPlainObject(modalities) && Array.isArray(modalities.input) ? modalities.input.filter((item): item is string => typeof item === "string" && item !== "text") : undefined;
    if (input === undefined) return undefined;
    declared.add(JSON.stringify(input));
  }
  return declared.size === 1 ? JSON.parse([...declared][0]!) : undefined;
}
