/**
 * Which tools the model was offered, and how a called name resolves against them.
 * @see spec §2.0 (registry filters, `experimental_repairToolCall`), README "tools offered"
 */

/** Every v1 built-in tool id (§0.2). */
export const BUILT_IN_TOOLS: ReadonlySet<string> = new Set([
  "bash",
  "read",
  "glob",
  "grep",
  "edit",
  "write",
  "task",
  "webfetch",
  "todowrite",
  "websearch",
  "skill",
  "apply_patch",
  "question",
  "lsp",
  "plan_exit",
  "invalid",
]);

/** The tools `opencode run` offers. @see README "tools offered" */
export const OPENCODE_RUN_TOOLS: readonly string[] = ["bash", "edit", "glob", "grep", "read", "skill", "task", "todowrite", "webfetch", "write"];

/**
 * Whether a model id gets `apply_patch` instead of `edit` and `write`: it contains `gpt-`, but
 * neither `oss` nor `gpt-4`.
 * @see spec §2.0 registry filters
 */
export function usesApplyPatch(model: string): boolean {
  return model.includes("gpt-") && !model.includes("oss") && !model.includes("gpt-4");
}

/**
 * Whether the registry offers `websearch`: only for provider `opencode` / `opencode-go`
 * (Exa/Parallel enablement is not modelled).
 * @see spec §2.0 registry filters
 */
export function offersWebsearch(provider: string | undefined): boolean {
  return provider === "opencode" || provider === "opencode-go";
}

/**
 * The default offered set: `opencode run`'s, with edit/write swapped for apply_patch by model,
 * plus websearch for the opencode providers.
 * @see spec §2.0 registry filters, README "tools offered"
 */
export function defaultAvailableTools(model: string | undefined, provider?: string): string[] {
  const base = model === undefined || !usesApplyPatch(model) ? [...OPENCODE_RUN_TOOLS] : [...OPENCODE_RUN_TOOLS.filter((tool) => tool !== "edit" && tool !== "write"), "apply_patch"];
  if (offersWebsearch(provider)) base.push("websearch");
  return base.sort();
}

/**
 * The tool a call runs: the name itself when offered (or `invalid`, the repair target), else its
 * lower-cased form when that is offered; undefined when the call goes to `invalid`.
 * @see spec §2.0 (`experimental_repairToolCall`)
 */
export function resolveToolName(name: string, available: readonly string[]): string | undefined {
  if (available.includes(name) || name === "invalid") return name;
  const lower = name.toLowerCase();
  if (lower !== name && available.includes(lower)) return lower;
  return undefined;
}
