import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { EnvironmentPort, PermissionReply } from "../environment-port.js";
import { UnsupportedError } from "../profile.js";
import { inputPath, type OpencodeRunContext, type OpencodeRuntime } from "./opencode-runtime.js";
import { agentRuleset, disabledTools, evaluate, type PermissionRule, permissionOf, relevantRules, wildcard } from "./permission-rules.js";

/** A permission the runtime asked for (or a rule denied) before running a call, and what it got. */
export interface PermissionAsk {
  /** The permission: `external_directory`, `read`, `edit`, `glob`, `grep`, `bash`, `webfetch`. */
  action: string;
  /** The pattern asked for (`<folder>/*`, the path as the read rule matches it, the glob or grep pattern, …). */
  resource: string;
  /** `deny`: a rule denied it without asking; else the user's (or `opencode run`'s) answer. */
  reply: PermissionReply | "deny";
  /** v1, `deny`: the rules its denial lists (those whose permission matches), in order. */
  rules?: PermissionRule[];
  /** v1, `reject` with `experimental.continue_loop_on_deny`: the refusal reaches the model and the loop goes on. */
  continues?: boolean;
}

/**
 * What opencode's permission rules do before `tool` runs: undefined when every ask was allowed
 * (the call runs), else the first refused one. The rules are the build agent's: opencode's
 * defaults then the rendered config's `permission` (permission-rules.ts); each ask is decided by
 * the last rule matching its permission and pattern.
 *
 * - Asks, in the tool's order: `external_directory` for a target outside the workspace — v1
 *   `Tool.assertExternalDirectory` (read, write, edit, glob, grep, bash `workdir`; the folder is the
 *   path itself for a directory, else its parent; lexical paths), v2 `LocationMutation.resolve`
 *   (read, write, edit, bash `workdir`; real paths; glob and grep ask nothing); the tool's own
 *   permission (`read` the path, `edit` for write and edit the path, `glob`/`grep` the pattern —
 *   v1 asks these two before the folder —, `bash`, `webfetch`).
 * - `deny`: the tool fails and the loop goes on: v1 with the denial (`permissionErrorText`), v2
 *   with the tool's own failure message (`v2DenialText`).
 * - `ask`: v1 (`opencode run`) rejects it ("auto-rejecting"): the loop stops, or with
 *   `experimental.continue_loop_on_deny` the refusal is the result and the loop goes on. v2 takes
 *   the user's next reply (`permissionReplies`, reject past their end); an `always` saves the
 *   pattern for the rest of the session.
 * - Not modelled (unsupported, named): a config with `agent`; rules with patterns for bash and
 *   webfetch (their patterns come from parsing the command, the URL), or for v2's edit; rules for
 *   other tools; v1 tools a rule takes off the offered list; v2 denials of tools other than read,
 *   write and grep, and v2 glob/grep asks;
 *   targets in the agent's own folders; v2's location_escape (v2's relative_escape fails the tool
 *   before any ask: v2RelativeEscapeText).
 * @see spec §2.15; the 1.18.33 binary: `Tool.assertExternalDirectory`, `@opencode/v2/LocationMutation`,
 *   `Permission.evaluate`, the build agent's defaults, `opencode run`'s `permission.asked` handler,
 *   the processor's `shouldBreak`; probes (fixtures/scenarios/permission-*.yaml)
 */
export async function permissionAsk(tool: string, context: OpencodeRunContext): Promise<PermissionAsk | undefined> {
  const { runtime, environment } = context;
  refuseUnmodelledConfig(environment);
  const rules = agentRuleset(runtime, environment.agentConfig, environment.agentEnv.HOME);
  refuseToolOffTheList(runtime, rules);
  const permission = permissionOf(tool);
  const targets = await askTargets(tool, context);
  const own = tool === "read" ? undefined : ownAsk(tool, context, rules);
  if (tool !== "read" && own === undefined && configuredFor(permission, environment.agentConfig)) {
    throw new UnsupportedError(`opencode: the config's permission rules for ${permission} (the ${tool} tool) are not modelled`);
  }
  const ownFirst = runtime === "v1" && (tool === "glob" || tool === "grep");
  if (own !== undefined && ownFirst) {
    const refused = decide(own.permission, own.resource, rules, context);
    if (refused !== undefined) return refused;
  }
  for (const target of targets) {
    const refused = await refusedAsk(target, context, rules);
    if (refused !== undefined) return refused;
  }
  if (own !== undefined && !ownFirst) {
    if (runtime === "v1" && tool === "write" && evaluate(own.permission, own.resource, rules) !== "allow") {
      // v1 write reads an existing path before it asks: a folder fails there first (runWrite's readFile error), nothing asked.
      const fact = await context.environment.stat(resolve(context.environment.workspace, inputPath(context) ?? ""));
      if (fact.kind === "directory") return undefined;
      if (fact.kind === "other") throw new UnsupportedError(`opencode-cli: a write over a path that is neither file nor folder (${own.resource}) under an edit rule that asks or denies: not modelled`);
    } else if (own.permission === "edit" && (runtime === "v1" || tool === "edit") && evaluate(own.permission, own.resource, rules) !== "allow") {
      // v1 edit asks only once the replacement is computed (a failing edit fails first).
      throw new UnsupportedError(`opencode: a rule that asks or denies the edit permission for ${tool} (${own.resource}): where the ${runtime} ${tool} tool asks it is not modelled`);
    }
    return decide(own.permission, own.resource, rules, context);
  }
  return undefined;
}

/**
 * The tool's own ask (its permission and the pattern it asks for) when modelled here (read's is
 * asked with its target): undefined for tools that ask nothing or whose patterns are not modelled.
 */
function ownAsk(tool: string, context: OpencodeRunContext, rules: PermissionRule[]): { permission: string; resource: string } | undefined {
  const { runtime, input, environment } = context;
  const permission = permissionOf(tool);
  const onlyStar = relevantRules(permission, rules).every((rule) => rule.pattern === "*");
  switch (tool) {
    case "glob":
    case "grep":
      return typeof input.pattern === "string" ? { permission, resource: input.pattern } : undefined;
    case "write":
    case "edit": {
      const path = inputPath(context);
      if (path === undefined) return undefined;
      if (runtime === "v2" && !onlyStar) return undefined;
      const absolute = isAbsolute(path) ? path : resolve(environment.workspace, path);
      return { permission, resource: runtime === "v1" ? relative("/", absolute) : relative(environment.workspace, absolute) };
    }
    case "bash":
      return onlyStar && typeof input.command === "string" ? { permission, resource: input.command } : undefined;
    case "webfetch":
      return onlyStar && typeof input.url === "string" ? { permission, resource: input.url } : undefined;
    default:
      return undefined;
  }
}

/** Whether the config sets a rule that reaches `permission` (its own key, or a wildcard one). */
function configuredFor(permission: string, config: unknown): boolean {
  const configured = (config as Record<string, unknown> | undefined)?.permission;
  if (configured === null || typeof configured !== "object") return false;
  return Object.keys(configured).some((key) => wildcard(key, permission));
}

/** One ask decided: undefined when allowed (by a rule or the answer), else how it was refused. */
function decide(permission: string, resource: string, rules: PermissionRule[], context: OpencodeRunContext): PermissionAsk | undefined {
  const { runtime, environment } = context;
  const verdict = evaluate(permission, resource, rules);
  if (verdict === "allow") return undefined;
  if (verdict === "deny") {
    if (runtime === "v2") return { action: permission, resource, reply: "deny" };
    if (permission === "external_directory") {
      throw new UnsupportedError(`opencode-cli: a rule denies the external_directory ask (${resource}); the denial lists the defaults' allowed agent folders, not modelled`);
    }
    return { action: permission, resource, reply: "deny", rules: relevantRules(permission, rules) };
  }
  if (runtime === "v2" && (permission === "glob" || permission === "grep")) {
    throw new UnsupportedError(
      `opencode-core: the ${permission} ask (${resource}) cannot be answered: the server's GET /api/session/:id/permission fails encoding its metadata (HTTP 400, probe), not modelled`,
    );
  }
  const ask = { action: permission, resource };
  const reply = answer(runtime, ask, environment);
  if (reply !== "reject") return undefined;
  return runtime === "v1" && continuesOnDeny(environment) ? { ...ask, reply, continues: true } : { ...ask, reply };
}

/** Whether the config sets `experimental.continue_loop_on_deny: true`. */
function continuesOnDeny(environment: EnvironmentPort): boolean {
  const config = environment.agentConfig as Record<string, unknown> | undefined;
  const experimental = config?.experimental as Record<string, unknown> | undefined;
  return experimental?.continue_loop_on_deny === true;
}

/** v1 takes a tool off the offered list when a rule denies its permission for `*`; calls then go to `invalid` with a shorter list: not modelled. */
function refuseToolOffTheList(runtime: OpencodeRuntime, rules: PermissionRule[]): void {
  if (runtime !== "v1") return;
  const off = disabledTools(["bash", "edit", "glob", "grep", "read", "skill", "task", "todowrite", "webfetch", "write"], rules);
  if (off.length > 0)
    throw new UnsupportedError(`opencode-cli: the config's rules take ${off.join(", ")} off the offered tools (Permission.disabled); calls and the unknown-tool list then differ: not modelled`);
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
async function refusedAsk(target: AskTarget, context: OpencodeRunContext, rules: PermissionRule[]): Promise<PermissionAsk | undefined> {
  const { runtime, environment } = context;
  const workspace = environment.workspace;
  const absolute = runtime === "v1" && isAbsolute(target.path) ? target.path : resolve(workspace, target.path);
  const inside = contains(workspace, absolute);
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
    const refused = decide("external_directory", join(folder, "*"), rules, context);
    if (refused !== undefined) return refused;
  }
  if (!target.read) return undefined;
  const resource = runtime === "v1" ? relative("/", absolute) : inside ? relative(workspace, canonical) || "." : canonical;
  return decide("read", resource, rules, context);
}

/** Per replay (one environment = one agent session): how many replies were used, the patterns saved by `always`. */
const sessions = new WeakMap<EnvironmentPort, { used: number; saved: { action: string; pattern: string }[] }>();

/**
 * The answer to an ask. v1: `opencode run` rejects it. v2: allowed without asking when an `always`
 * saved a pattern it matches; else the user's next reply.
 */
function answer(runtime: OpencodeRuntime, ask: { action: string; resource: string }, environment: EnvironmentPort): PermissionReply {
  if (runtime === "v1") return "reject";
  const session = sessions.get(environment) ?? { used: 0, saved: [] };
  sessions.set(environment, session);
  if (session.saved.some((saved) => saved.action === ask.action && wildcard(saved.pattern, ask.resource))) return "once";
  const reply = environment.permissionReplies?.[session.used] ?? "reject";
  session.used++;
  // What `always` saves (the ask's `save`): `*` for read and edit, else the pattern asked (the folder's, bash's command).
  if (reply === "always") session.saved.push({ action: ask.action, pattern: ask.action === "read" || ask.action === "edit" ? "*" : ask.resource });
  return reply;
}

/** A config with `agent` entries changes the build agent's rules in ways not modelled. */
function refuseUnmodelledConfig(environment: EnvironmentPort): void {
  const config = environment.agentConfig;
  if (config === null || typeof config !== "object") return;
  if ((config as Record<string, unknown>).agent !== undefined) {
    throw new UnsupportedError("opencode: the agent's config sets `agent`; only the build agent's defaults and the config's `permission` are modelled");
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
  if (ask === undefined || ask.reply !== "reject" || ask.continues === true) return undefined;
  return runtime === "v1"
    ? `opencode-cli: \`opencode run\` rejects the ${ask.action} ask (${ask.resource}) and its loop stops on a rejected permission (experimental.continue_loop_on_deny unset): no result reaches the model`
    : `opencode-core: the ${ask.action} ask (${ask.resource}) was rejected: the tool is interrupted and the session stops; no result reaches the model`;
}

/**
 * The v1 tool error for a refused permission the loop goes past: a rule's denial (the rules it
 * lists as JSON), or, with `experimental.continue_loop_on_deny`, the rejection; undefined otherwise.
 * @see spec §2.15; the 1.18.33 binary: `PermissionDeniedError`, `PermissionRejectedError` messages; probe
 */
export function permissionErrorText(observation: Record<string, unknown>): string | undefined {
  const ask = observation.permission as PermissionAsk | undefined;
  if (ask?.reply === "deny") {
    return `The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules ${JSON.stringify(ask.rules ?? [])}`;
  }
  if (ask?.reply === "reject" && ask.continues === true) return "The user rejected permission to use this specific tool call.";
  return undefined;
}

/**
 * v2 `LocationMutation.resolve`, the first step of read, write, edit (after its identical and
 * empty-oldString checks) and bash (`workdir`, default `.`): a relative path that leaves the
 * workspace is a `PathError` (`relative_escape`) before any ask, which the tool's `mapError` turns
 * into its own failure — read `Unable to read <path>`, write `Unable to write <path>`, edit
 * `Unable to edit <path>`, bash `Unable to execute command: <command>` (paths as given). Undefined
 * when the call has no such path.
 * @see spec §2.15; the 1.18.33 bundle (`@opencode/v2/LocationMutation`, the v2 tools' `mapError`); probe (unseen batch 4 core-bash, `workdir: ".."`)
 */
export function v2RelativeEscapeText(tool: string, context: OpencodeRunContext): string | undefined {
  const { input, environment } = context;
  const escapes = (path: unknown) => typeof path === "string" && !isAbsolute(path) && !contains(environment.workspace, resolve(environment.workspace, path));
  switch (tool) {
    case "read":
      return escapes(input.path) ? `Unable to read ${String(input.path)}` : undefined;
    case "write":
      return escapes(input.path) ? `Unable to write ${String(input.path)}` : undefined;
    case "edit":
      if (input.oldString === input.newString || input.oldString === "") return undefined;
      return escapes(input.path) ? `Unable to edit ${String(input.path)}` : undefined;
    case "bash":
      return escapes(input.workdir) ? `Unable to execute command: ${String(input.command)}` : undefined;
    default:
      return undefined;
  }
}

/**
 * What a v2 tool fails with when a rule denies one of its asks: each tool maps every failure of its
 * body, a denial (`PermissionV2.BlockedError`) included, to its own message — read `Unable to read
 * <path as given>`, write `Unable to write <path as given>`, grep `Unable to grep for <pattern>`.
 * Other tools' messages are not modelled.
 * @see spec §2.15 rules; the 1.18.33 binary: ReadTool, WriteTool, GrepTool `mapError`; probe (permission-rules.yaml)
 */
export function v2DenialText(tool: string, input: Record<string, unknown>, ask: PermissionAsk): string {
  switch (tool) {
    case "read":
      return `Unable to read ${String(input.path)}`;
    case "write":
      return `Unable to write ${String(input.path)}`;
    case "grep":
      return `Unable to grep for ${String(input.pattern)}`;
    default:
      throw new UnsupportedError(`opencode-core: a rule denies the ${ask.action} ask (${ask.resource}) of ${tool}; that tool's failure message is not modelled`);
  }
}
