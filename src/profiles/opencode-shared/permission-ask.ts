import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { EnvironmentPort, PermissionReply } from "../environment-port.js";
import { UnsupportedError } from "../profile.js";
import { inputPath, type OpencodeRunContext, type OpencodeRuntime } from "./opencode-runtime.js";

/** A permission the runtime asked for before running a call, and what it got. */
export interface PermissionAsk {
  /** `external_directory` (a path outside the workspace) or `read` (a `.env` file). */
  action: "external_directory" | "read";
  /** The pattern asked for (`<folder>/*`, or the path as the read rule matches it). */
  resource: string;
  reply: PermissionReply;
}

/**
 * What opencode's default permissions ask before `tool` runs, and the answer: undefined when
 * nothing is asked or every ask was allowed (the call runs), else the first refused ask (the call
 * never runs and the session stops: v1's loop breaks on a rejected permission unless
 * `experimental.continue_loop_on_deny`; v2 interrupts the tool and ends the session).
 *
 * - Asks: `external_directory` for a target outside the workspace — v1 `Tool.assertExternalDirectory`
 *   (read, write, edit, glob, grep, bash `workdir`; the folder is the path itself for a directory,
 *   else its parent; lexical paths), v2 `LocationMutation.resolve` (read, write, edit, bash
 *   `workdir`; real paths; glob and grep ask nothing); then `read` for a path matching `*.env` or
 *   `*.env.*` but not `*.env.example` (the build agent's `read` rules, last match wins).
 * - Answers: v1 (`opencode run`) rejects every ask itself ("auto-rejecting"); v2 takes the user's
 *   next reply (`permissionReplies`, reject past their end), and an `always` saves the pattern for
 *   the rest of the session (a later ask it matches is not asked).
 * - Not modelled (unsupported, named): a rendered config with `permission` rules or
 *   `continue_loop_on_deny`; targets in the agent's own folders (HOME, XDG dirs, the opencode tmp
 *   folder), which the defaults partly allow; v2's path errors (a relative path that escapes the
 *   workspace, a path inside it whose real path is outside).
 * @see the 1.18.33 binary: `Tool.assertExternalDirectory`, `@opencode/v2/LocationMutation`, the
 *   build agent's defaults, `opencode run`'s `permission.asked` handler; probes (fixtures/scenarios/permission-*.yaml)
 */
export async function permissionAsk(tool: string, context: OpencodeRunContext): Promise<PermissionAsk | undefined> {
  const targets = await askTargets(tool, context);
  if (targets.length === 0) return undefined;
  refuseConfiguredPermissions(context.environment);
  for (const target of targets) {
    const refused = await refusedAsk(target, context);
    if (refused !== undefined) return refused;
  }
  return undefined;
}

interface AskTarget {
  /** The path as the call gives it. */
  path: string;
  kind: "file" | "directory" | "by-stat";
  /** Whether the `read` (.env) rule applies too. */
  read: boolean;
}

/** The paths a call's permission checks look at, in the order the tool checks them. */
async function askTargets(tool: string, context: OpencodeRunContext): Promise<AskTarget[]> {
  const { runtime, input } = context;
  const path = inputPath(context);
  switch (tool) {
    case "read":
      return path === undefined ? [] : [{ path, kind: runtime === "v1" ? "by-stat" : "directory", read: true }];
    case "write":
      return path === undefined ? [] : [{ path, kind: "file", read: false }];
    case "edit":
      // Both runtimes fail identical strings (v2 also an empty oldString) before any ask.
      if (path === undefined || input.oldString === input.newString || (runtime === "v2" && input.oldString === "")) return [];
      return [{ path, kind: "file", read: false }];
    case "bash":
      return typeof input.workdir === "string" ? [{ path: input.workdir, kind: "directory", read: false }] : [];
    case "glob": {
      if (runtime === "v2") return [];
      const folder = typeof input.path === "string" ? input.path : ".";
      // `glob path must be a directory` comes first.
      const fact = await context.environment.stat(resolve(context.environment.workspace, folder));
      return fact.kind === "file" ? [] : [{ path: folder, kind: "directory", read: false }];
    }
    case "grep":
      return runtime === "v2" ? [] : [{ path: typeof input.path === "string" ? input.path : ".", kind: "by-stat", read: false }];
    default:
      return [];
  }
}

/** The asks a target makes (external_directory first, then read), answered: the first refused one, if any. */
async function refusedAsk(target: AskTarget, context: OpencodeRunContext): Promise<PermissionAsk | undefined> {
  const { runtime, environment } = context;
  const workspace = environment.workspace;
  const absolute = runtime === "v1" && isAbsolute(target.path) ? target.path : resolve(workspace, target.path);
  const inside = contains(workspace, absolute);
  if (runtime === "v2" && !isAbsolute(target.path) && !inside) {
    throw new UnsupportedError(`opencode-core: a relative path that leaves the workspace (${target.path}) is LocationMutation's relative_escape error, not modelled`);
  }
  const real = runtime === "v2" ? await realPath(environment, absolute) : { path: absolute, existing: absolute };
  const canonical = real.path;
  if (runtime === "v2" && inside && !contains(workspace, canonical)) {
    throw new UnsupportedError(`opencode-core: a path inside the workspace whose real path is outside (${target.path} → ${canonical}) is LocationMutation's location_escape error, not modelled`);
  }
  if (!inside) {
    refuseAgentFolder(environment, canonical);
    const fact = target.kind === "file" ? undefined : await environment.stat(canonical);
    // v2 names a missing path's nearest existing folder (probe: `…/nowhere/x.txt` asked `<run dir>/*`).
    const missing = runtime === "v2" && real.existing !== canonical;
    const folder = missing ? real.existing : target.kind === "file" || fact?.kind !== "directory" ? dirname(canonical) : canonical;
    const ask = { action: "external_directory" as const, resource: join(folder, "*") };
    const reply = answer(runtime, ask, environment);
    if (reply === "reject") return { ...ask, reply };
  }
  if (!target.read) return undefined;
  const resource = runtime === "v1" ? relative("/", absolute) : inside ? relative(workspace, canonical) || "." : canonical;
  if (!readAsks(resource)) return undefined;
  const ask = { action: "read" as const, resource };
  const reply = answer(runtime, ask, environment);
  return reply === "reject" ? { ...ask, reply } : undefined;
}

/** The build agent's `read` rules: `*` allow, `*.env` ask, `*.env.*` ask, `*.env.example` allow; the last match wins. */
function readAsks(resource: string): boolean {
  let asks = false;
  if (wildcard("*.env", resource) || wildcard("*.env.*", resource)) asks = true;
  if (wildcard("*.env.example", resource)) asks = false;
  return asks;
}

/** opencode's Wildcard.match: `*` any run of characters (slashes too), `?` one; the whole string. */
function wildcard(pattern: string, text: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, "\\$&")
    .replaceAll("*", ".*")
    .replaceAll("?", ".");
  return new RegExp(`^${source}$`, "s").test(text);
}

/** Per replay (one environment = one agent session): how many replies were used, the patterns saved by `always`. */
const sessions = new WeakMap<EnvironmentPort, { used: number; saved: { action: PermissionAsk["action"]; pattern: string }[] }>();

/**
 * The answer to an ask. v1: `opencode run` rejects it. v2: allowed without asking when an `always`
 * saved a pattern it matches; else the user's next reply.
 */
function answer(runtime: OpencodeRuntime, ask: Omit<PermissionAsk, "reply">, environment: EnvironmentPort): PermissionReply {
  if (runtime === "v1") return "reject";
  const session = sessions.get(environment) ?? { used: 0, saved: [] };
  sessions.set(environment, session);
  if (session.saved.some((saved) => saved.action === ask.action && wildcard(saved.pattern, ask.resource))) return "once";
  const reply = environment.permissionReplies?.[session.used] ?? "reject";
  session.used++;
  // What `always` saves: the folder pattern asked (external_directory), `*` (read).
  if (reply === "always") session.saved.push({ action: ask.action, pattern: ask.action === "read" ? "*" : ask.resource });
  return reply;
}

/** A rendered config that sets permission rules or continue_loop_on_deny changes what is asked and what follows: not modelled. */
function refuseConfiguredPermissions(environment: EnvironmentPort): void {
  const config = environment.agentConfig;
  if (config === null || typeof config !== "object") return;
  const record = config as Record<string, unknown>;
  const experimental = record.experimental as Record<string, unknown> | undefined;
  if (record.permission !== undefined || record.agent !== undefined || experimental?.continue_loop_on_deny !== undefined) {
    throw new UnsupportedError("opencode: the agent's config sets `permission`, `agent` or `experimental.continue_loop_on_deny`; only opencode's default permissions are modelled");
  }
}

/** The agent's own folders (HOME, XDG dirs, opencode's tmp folder), where the defaults allow some paths: not modelled. */
function refuseAgentFolder(environment: EnvironmentPort, path: string): void {
  const env = environment.agentEnv;
  const folders = [env.HOME, env.XDG_DATA_HOME, env.XDG_CACHE_HOME, env.XDG_CONFIG_HOME, env.XDG_STATE_HOME, join(env.TMPDIR ?? "/tmp", "opencode")];
  const folder = folders.find((candidate) => candidate !== undefined && candidate !== "" && contains(candidate, path));
  if (folder !== undefined) {
    throw new UnsupportedError(`opencode: a path in the agent's own folder ${folder} (${path}), where the default permissions allow some paths (tool output, tmp, skills): not modelled`);
  }
}

/** Whether `path` is `folder` or below it (lexically). */
function contains(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/** The real path (the nearest existing ancestor's, with the missing rest appended) and that ancestor's real path. */
async function realPath(environment: EnvironmentPort, path: string): Promise<{ path: string; existing: string }> {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    const fact = await environment.stat(current);
    if (fact.kind !== "missing") {
      const existing = fact.realPath ?? current;
      return { path: join(existing, ...missing.reverse()), existing };
    }
    const parent = dirname(current);
    if (parent === current) return { path, existing: path };
    missing.push(current.slice(parent.length).replace(/^\//, ""));
    current = parent;
  }
}

/**
 * The rule by which a run ends at a call whose permission was refused (its observation's
 * `permission`), or undefined when nothing was refused.
 */
export function refusedPermissionRule(runtime: OpencodeRuntime, observation: Record<string, unknown>): string | undefined {
  const ask = observation.permission as PermissionAsk | undefined;
  if (ask === undefined || ask.reply !== "reject") return undefined;
  return runtime === "v1"
    ? `opencode-cli: \`opencode run\` rejects the ${ask.action} ask (${ask.resource}) and its loop stops on a rejected permission (experimental.continue_loop_on_deny unset): no result reaches the model`
    : `opencode-core: the ${ask.action} ask (${ask.resource}) was rejected: the tool is interrupted and the session stops; no result reaches the model`;
}
