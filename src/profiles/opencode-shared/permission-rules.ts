import { UnsupportedError } from "../profile.js";
import type { OpencodeRuntime } from "./opencode-runtime.js";

/** What a rule does with an ask it matches. */
export type PermissionAction = "allow" | "deny" | "ask";

/**
 * One rule, with its keys in the order v1 prints them in a denial (`fromConfig`: a string value
 * gives `{permission, action, pattern}`, an object value `{permission, pattern, action}`).
 */
export type PermissionRule = { permission: string; action: PermissionAction; pattern: string } | { permission: string; pattern: string; action: PermissionAction };

/**
 * The build agent's ruleset as the runtime merges it: opencode's defaults, the build agent's own
 * (`question`, `plan_enter` allow), then the config's `permission` (each key in order; a string is
 * the pattern `*`). v1 expands `~`, `~/`, `$HOME` and `$HOME/` in the config's patterns to the
 * agent's home; v2 does so for some actions only (a pattern starting so is not modelled there).
 * The default `external_directory` allows of the agent's own folders are left out: a path there is
 * refused before the rules are read (permission-ask.ts).
 * @see spec §2.15 (rules); the 1.18.33 binary: v1 `Permission.fromConfig`, the agents' defaults;
 *   v2 the legacy config's `permissions` (`{action, resource, effect}`, the same order)
 */
export function agentRuleset(runtime: OpencodeRuntime, config: unknown, home: string | undefined): PermissionRule[] {
  const defaults = fromConfig({
    "*": "allow",
    doom_loop: "ask",
    external_directory: { "*": "ask" },
    question: "deny",
    plan_enter: "deny",
    plan_exit: "deny",
    read: { "*": "allow", "*.env": "ask", "*.env.*": "ask", "*.env.example": "allow" },
  });
  const build = fromConfig({ question: "allow", plan_enter: "allow" });
  const configured = fromConfig(configuredPermission(config)).map((rule) => ({ ...rule, pattern: expandHome(runtime, rule.pattern, home) }));
  return [...defaults, ...build, ...configured];
}

/** The config's `permission` (an object of strings or pattern objects), or none. */
function configuredPermission(config: unknown): Record<string, unknown> {
  if (config === null || typeof config !== "object") return {};
  const permission = (config as Record<string, unknown>).permission;
  if (permission === undefined) return {};
  if (permission === null || typeof permission !== "object" || Array.isArray(permission)) {
    throw new UnsupportedError("opencode: the config's `permission` is not an object of rules (a bare action for every tool is not modelled)");
  }
  return permission as Record<string, unknown>;
}

function fromConfig(permission: Record<string, unknown>): PermissionRule[] {
  const rules: PermissionRule[] = [];
  for (const [key, value] of Object.entries(permission)) {
    if (typeof value === "string") {
      rules.push({ permission: key, action: action(key, value), pattern: "*" });
      continue;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value))
      throw new UnsupportedError(`opencode: the config's permission.${key} is neither an action nor an object of patterns: not modelled`);
    for (const [pattern, each] of Object.entries(value)) rules.push({ permission: key, pattern, action: action(`${key}.${pattern}`, each) });
  }
  return rules;
}

function action(where: string, value: unknown): PermissionAction {
  if (value === "allow" || value === "deny" || value === "ask") return value;
  throw new UnsupportedError(`opencode: the config's permission ${where} is ${JSON.stringify(value)}, not allow, deny or ask: not modelled`);
}

function expandHome(runtime: OpencodeRuntime, pattern: string, home: string | undefined): string {
  if (!(pattern === "~" || pattern.startsWith("~/") || pattern.startsWith("$HOME"))) return pattern;
  if (runtime === "v2" || home === undefined) throw new UnsupportedError(`opencode: a permission pattern starting with ~ or $HOME (${pattern}) is expanded per action on v2: not modelled`);
  if (pattern === "~") return home;
  if (pattern.startsWith("~/")) return home + pattern.slice(1);
  return home + pattern.slice(5);
}

/**
 * The rule that decides an ask: the last one whose permission and pattern both match, else `ask`.
 * @see the 1.18.33 binary: v1 `Permission.evaluate`, v2 `PermissionV2.evaluate` (the same rule)
 */
export function evaluate(permission: string, pattern: string, rules: readonly PermissionRule[]): PermissionAction {
  return rules.findLast((rule) => wildcard(rule.permission, permission) && wildcard(rule.pattern, pattern))?.action ?? "ask";
}

/** The rules a v1 denial lists: those whose permission matches the asked one, in order. */
export function relevantRules(permission: string, rules: readonly PermissionRule[]): PermissionRule[] {
  return rules.filter((rule) => wildcard(rule.permission, permission));
}

/**
 * opencode's `Wildcard.match(text, pattern)`: backslashes read as `/` on both sides; `*` any run of
 * characters (slashes and newlines too), `?` one; the whole text; a pattern ending in ` *` also
 * matches without that tail (`ls *` matches `ls`).
 * @see the 1.18.33 binary: `Wildcard.match` (v1 and v2 alike)
 */
export function wildcard(pattern: string, text: string): boolean {
  let source = pattern
    .replaceAll("\\", "/")
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replaceAll("*", ".*")
    .replaceAll("?", ".");
  if (source.endsWith(" .*")) source = `${source.slice(0, -3)}( .*)?`;
  return new RegExp(`^${source}$`, "s").test(text.replaceAll("\\", "/"));
}

/**
 * The tools v1 takes off the offered list: those whose permission's last rule (by permission
 * alone) denies the pattern `*` (edit, write and apply_patch by `edit`).
 * @see the 1.18.33 binary: v1 `Permission.disabled`
 */
export function disabledTools(tools: readonly string[], rules: readonly PermissionRule[]): string[] {
  return tools.filter((tool) => {
    const permission = permissionOf(tool);
    const last = rules.findLast((rule) => wildcard(rule.permission, permission));
    return last?.pattern === "*" && last.action === "deny";
  });
}

/** The permission a tool asks for: `edit` for write, edit and apply_patch, else its name. */
export function permissionOf(tool: string): string {
  return tool === "write" || tool === "edit" || tool === "apply_patch" ? "edit" : tool;
}
