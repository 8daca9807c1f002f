import { escapeControl } from "../text/escape-control.js";
import type { Scenario, ScenarioContent } from "./scenario.js";

/**
 * The limits of one scenario (README "Limits"), checked before anything is written or started:
 * sizes are computed from the content values, never by generating them.
 */
export const SCENARIO_LIMITS = {
  /** One workspace file or page body. */
  contentBytes: 64 * 1024 * 1024,
  /** Every workspace file together (inline and generated). */
  workspaceBytes: 256 * 1024 * 1024,
  /** Every page body together. */
  pagesBytes: 64 * 1024 * 1024,
  /** Workspace entries (inline files, directories and generated files together). */
  workspaceEntries: 100_000,
  /** A workspace path, in UTF-8 bytes, and each of its segments (Linux NAME_MAX). */
  pathBytes: 1024,
  segmentBytes: 255,
  /** The prompt (and each subagent prompt): it travels in the agent's argv and environment, where one string may hold at most 128 KiB. */
  promptBytes: 64 * 1024,
} as const;

/** A limit a scenario breaks: where (JSON pointer) and why. */
export interface ScenarioLimitProblem {
  pointer: string;
  message: string;
  /** Point at the property's key rather than its value (a path that is a key). */
  atKey?: boolean;
}

const encoder = new TextEncoder();
const utf8Length = (text: string): number => encoder.encode(text).length;
const escapeToken = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");
const mib = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

/** How many decimal digits 1…count hold together. */
function digitsUpTo(count: number): number {
  let total = 0;
  for (let width = 1, low = 1; low <= count; width++, low *= 10) total += width * (Math.min(count, low * 10 - 1) - low + 1);
  return total;
}

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

/**
 * The byte length of a content value, computed (a repetition is never built). `fileNumber` is the
 * `{n}` a generated string content gets (its largest, for a bound over a group).
 */
export function scenarioContentLength(content: ScenarioContent, fileNumber?: number): number {
  if (typeof content === "string") {
    if (fileNumber === undefined) return utf8Length(content);
    return utf8Length(content) + occurrences(content, "{n}") * (String(fileNumber).length - 3);
  }
  if ("base64" in content) {
    const padding = content.base64.endsWith("==") ? 2 : content.base64.endsWith("=") ? 1 : 0;
    return Math.floor((content.base64.length * 3) / 4) - padding;
  }
  const fixed = utf8Length(content.prefix ?? "") + utf8Length(content.suffix ?? "");
  const marks = occurrences(content.repeat, "{n}");
  return fixed + content.count * (utf8Length(content.repeat) - 3 * marks) + marks * digitsUpTo(content.count);
}

/** Why a workspace-relative path is refused, or null. */
function pathProblem(path: string): string | null {
  if (path === "") return "is empty";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: it finds exactly the control characters a path may not hold
  const control = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.exec(path);
  if (control) return `holds the ${control[0] >= "\u0600" ? "bidirectional control" : "control character"} U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  if (path.startsWith("/")) return "is absolute";
  if (utf8Length(path) > SCENARIO_LIMITS.pathBytes) return `is ${utf8Length(path)} bytes long, over the ${SCENARIO_LIMITS.pathBytes} byte limit for a workspace path`;
  for (const segment of path.split("/")) {
    if (segment === "") return "has an empty segment (a leading, doubled or trailing /)";
    if (segment === "." || segment === "..") return `has a "${segment}" segment (write the path without it)`;
    if (utf8Length(segment) > SCENARIO_LIMITS.segmentBytes) return `has a ${utf8Length(segment)} byte segment, over the ${SCENARIO_LIMITS.segmentBytes} byte limit for a file name`;
  }
  return null;
}

/** The first limit the scenario breaks, or null. Pure: the workspace folder's existence is checked by the caller. */
export function findScenarioLimitProblem(scenario: Scenario): ScenarioLimitProblem | null {
  const prompts: [string, string][] = [["/prompt", scenario.prompt], ...(scenario.subagents ?? []).map((sub, index): [string, string] => [`/subagents/${index}/prompt`, sub.prompt])];
  for (const [pointer, prompt] of prompts) {
    const bytes = utf8Length(prompt);
    if (bytes > SCENARIO_LIMITS.promptBytes)
      return { pointer, message: `the prompt is ${bytes} bytes, over the ${SCENARIO_LIMITS.promptBytes} byte limit (it is passed in the agent's argv and environment)` };
  }
  // The main prompt is the agent's $CORREX_PROMPT (and often an argv word): neither can hold a NUL byte.
  const nul = scenario.prompt.indexOf("\u0000");
  if (nul !== -1) return { pointer: "/prompt", message: `the prompt holds a NUL character (U+0000) at character ${nul + 1}, which no argv or environment string can carry` };
  // The agent's own environment values and arguments (`agent`) are environment and argv strings too.
  const agentStrings: [string, string, string][] = [
    ...Object.entries(scenario.agent?.env ?? {}).map(([name, value]): [string, string, string] => [`/agent/env/${name}`, `the agent's ${name}`, value]),
    ...(scenario.agent?.args ?? []).map((arg, index): [string, string, string] => [`/agent/args/${index}`, `agent argument ${index + 1}`, arg]),
  ];
  for (const [pointer, what, value] of agentStrings) {
    const at = value.indexOf("\u0000");
    if (at !== -1) return { pointer, message: `${what} holds a NUL character (U+0000) at character ${at + 1}, which no argv or environment string can carry` };
  }
  const workspace = scenario.workspace ?? {};
  // Every path the workspace will hold, as a file or a directory, to find a file that is also another entry's folder.
  const kinds = new Map<string, { kind: "file" | "directory"; pointer: string }>();
  let entries = 0;
  let total = 0;
  const claim = (path: string, kind: "file" | "directory", pointer: string, atKey: boolean): ScenarioLimitProblem | null => {
    const why = pathProblem(path);
    if (why) return { pointer, atKey, message: `workspace path ${escapeControl(JSON.stringify(path.length > 80 ? `${path.slice(0, 77)}...` : path))} ${why}` };
    const segments = path.split("/");
    for (let depth = 1; depth <= segments.length; depth++) {
      const prefix = segments.slice(0, depth).join("/");
      const want = depth === segments.length ? kind : "directory";
      const had = kinds.get(prefix);
      if (had && (had.kind === "file" || want === "file") && !(had.kind === "file" && want === "file" && depth === segments.length)) {
        return {
          pointer,
          atKey,
          message: `workspace path "${path}" needs "${prefix}" as a ${want === "file" ? "file" : "folder"}, but ${had.pointer} makes it a ${had.kind === "file" ? "file" : "folder"}`,
        };
      }
      if (!had) kinds.set(prefix, { kind: want, pointer });
    }
    if (++entries > SCENARIO_LIMITS.workspaceEntries) return { pointer, atKey, message: `the workspace holds more than ${SCENARIO_LIMITS.workspaceEntries} entries` };
    return null;
  };
  const sized = (bytes: number, pointer: string): ScenarioLimitProblem | null => {
    if (bytes > SCENARIO_LIMITS.contentBytes) return { pointer, message: `the content is ${bytes} bytes, over the ${mib(SCENARIO_LIMITS.contentBytes)} limit for one file` };
    total += bytes;
    if (total > SCENARIO_LIMITS.workspaceBytes)
      return { pointer, message: `the workspace's files reach ${total} bytes here, over the ${mib(SCENARIO_LIMITS.workspaceBytes)} limit for a whole workspace` };
    return null;
  };
  for (const [index, path] of (workspace.directories ?? []).entries()) {
    const problem = claim(path, "directory", `/workspace/directories/${index}`, false);
    if (problem) return problem;
  }
  for (const [index, group] of (workspace.generated ?? []).entries()) {
    const pointer = `/workspace/generated/${index}`;
    for (let n = 1; n <= group.count; n++) {
      const problem = claim(group.path.replaceAll("{n}", String(n)), "file", `${pointer}/path`, false);
      if (problem) return problem;
    }
    const largest = scenarioContentLength(group.content, group.count);
    if (largest > SCENARIO_LIMITS.contentBytes) return sized(largest, `${pointer}/content`);
    for (let n = 1; n <= group.count; n++) {
      const problem = sized(typeof group.content === "string" ? scenarioContentLength(group.content, n) : largest, `${pointer}/content`);
      if (problem) return problem;
    }
  }
  for (const [path, content] of Object.entries(workspace.files ?? {})) {
    const pointer = `/workspace/files/${escapeToken(path)}`;
    // A generated file the inline one writes over is one file, not a conflict.
    const had = kinds.get(path);
    if (!(had?.kind === "file")) {
      const problem = claim(path, "file", pointer, true);
      if (problem) return problem;
    }
    const problem = sized(scenarioContentLength(content), pointer);
    if (problem) return problem;
  }
  let pages = 0;
  for (const [path, page] of Object.entries(scenario.pages ?? {})) {
    const pointer = `/pages/${escapeToken(path)}/body`;
    const bytes = scenarioContentLength(page.body);
    if (bytes > SCENARIO_LIMITS.contentBytes) return { pointer, message: `the page body is ${bytes} bytes, over the ${mib(SCENARIO_LIMITS.contentBytes)} limit for one page` };
    pages += bytes;
    if (pages > SCENARIO_LIMITS.pagesBytes) return { pointer, message: `the pages reach ${pages} bytes here, over the ${mib(SCENARIO_LIMITS.pagesBytes)} limit for all pages together` };
  }
  return null;
}
