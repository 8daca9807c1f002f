import { dirnamePath, resolvePath } from "../../../text/path-posix.js";
import { type EnvironmentPort, isFsFailure } from "../../environment-port.js";
import { type ToolCall, UnsupportedError } from "../../profile.js";
import type { InstructionObservation, ReadFileObservation } from "../format-observations.js";
import { isMediaRead, readFileFailure } from "./format-read.js";

/**
 * The names v1 looks for in each folder, first found wins: `AGENTS.md`, `CLAUDE.md` (unless the
 * Claude Code prompt is disabled), `CONTEXT.md`.
 * @see the 1.18.33 bundle, `Instruction` (`Instruction.find`); probe: both/ with AGENTS.md and CLAUDE.md reminds AGENTS.md
 */
const NAMES = ["AGENTS.md", "CLAUDE.md", "CONTEXT.md"] as const;

/** The environment variables that drop `CLAUDE.md` from the names (the bundle's `disableClaudeCodePrompt`). */
const CLAUDE_SWITCHES = ["OPENCODE_DISABLE_CLAUDE_CODE", "OPENCODE_DISABLE_CLAUDE_CODE_PROMPT"] as const;

/**
 * Per replay (one environment = one agent session): each instruction file a completed read loaded,
 * and each one reads of one turn raced for, with the turn.
 */
const sessions = new WeakMap<EnvironmentPort, { loaded: Map<string, number | undefined>; raced: Map<string, number | undefined> }>();

/**
 * v1 `Instruction.resolve` for a read of a file: from the file's folder up to, not including, the
 * workspace (a string-prefix test, as the bundle's `startsWith`), each folder's instruction file
 * (`find`: the first of NAMES that exists, any kind) is reminded, nearest first, unless it is the
 * file read, or a completed read of an earlier turn loaded it (`metadata.loaded` of the session's
 * messages), or its text is empty. A claim lasts one turn (claims per assistant message, cleared
 * when it ends): a read that failed after claiming (binary, offset out of range) loaded nothing,
 * so a later turn reminds the file again. The read's text gets the reminder (format-read's
 * systemReminder); an image or PDF read loads the file without showing it.
 *
 * Unsupported, named: a read whose text would show the file while another read of its turn is
 * below it too (the runtime runs them concurrently and either may claim it: observed both
 * orders), and any later read reaching a file so raced for; a config with `instructions` (files
 * the system prompt loads are not reminded); a switch that drops `CLAUDE.md`.
 * @see spec §2.2 step 9; the 1.18.33 bundle (`Instruction.resolve`, `ReadTool.execute`); probes in fixtures/scenarios/opencode-instruction-files.yaml
 */
export async function withInstructionReminders(call: ToolCall, observation: ReadFileObservation, environment: EnvironmentPort): Promise<ReadFileObservation> {
  const file = resolvePath("/", observation.path);
  const found = await instructionFiles(environment, file);
  if (found.length === 0) return observation;
  const config = environment.agentConfig;
  if (config !== null && typeof config === "object" && (config as Record<string, unknown>).instructions !== undefined) {
    throw new UnsupportedError("opencode-cli: the config's `instructions` (files the system prompt loads are not reminded after a read) are not modelled");
  }
  const session = sessions.get(environment) ?? { loaded: new Map(), raced: new Map() };
  sessions.set(environment, session);
  const turn = call.turn?.index;
  const failure = readFileFailure(readInput(call.input), observation);
  // Whether this read's text would show a reminder: an image or PDF read, or one that fails, shows none.
  const shows = failure === undefined && !isMediaRead(observation);
  const contended = await siblingInstructionFiles(call, environment);
  const instructions: InstructionObservation[] = [];
  const unknown: string[] = [];
  for (const path of found) {
    // loaded by a read of an earlier turn (one of this turn is a sibling: contended below)
    if (session.loaded.has(path) && (turn === undefined || session.loaded.get(path) !== turn)) continue;
    const bytes = await environment.readFile(path);
    // Effect's readFileString: a TextDecoder's default decoding (a BOM dropped, bad bytes U+FFFD); a failure reads "".
    const content = isFsFailure(bytes) ? "" : new TextDecoder().decode(bytes);
    // an empty text is never reminded, whoever claims it
    if (content === "") continue;
    if (contended.has(path)) {
      // which read of the turn claims it is a race, and so whether it ends loaded
      session.raced.set(path, turn);
      if (shows)
        unknown.push(
          `opencode-cli: two reads of one turn below the instruction file ${path}: the runtime runs them concurrently and the first to claim it gets the reminder (observed both orders), a race`,
        );
      continue;
    }
    if (session.raced.has(path)) {
      if (shows) unknown.push(`opencode-cli: reads of an earlier turn raced for the instruction file ${path}; whether the one that claimed it completed (and so loaded it) is not known`);
      // loaded after this read either way when it completes: by the earlier winner, or by this read's claim
      if (failure === undefined) {
        session.raced.delete(path);
        session.loaded.set(path, turn);
      }
      continue;
    }
    instructions.push({ path, content });
  }
  // A completed read (text, image, PDF) loads what it was reminded of; a failed one nothing.
  if (failure === undefined) for (const item of instructions) session.loaded.set(item.path, turn);
  if (unknown.length > 0) throw new UnsupportedError(unknown[0]);
  return shows && instructions.length > 0 ? { ...observation, instructions } : observation;
}

/** The instruction files a read of `file` meets, nearest first (each folder's first name found; the file itself skipped). */
async function instructionFiles(environment: EnvironmentPort, file: string): Promise<string[]> {
  const root = resolvePath("/", environment.workspace);
  const found: string[] = [];
  for (let folder = dirnamePath(file); folder.startsWith(root) && folder !== root; folder = dirnamePath(folder)) {
    const path = await firstInstructionFile(environment, folder);
    if (path !== undefined && path !== file) found.push(path);
  }
  return found;
}

async function firstInstructionFile(environment: EnvironmentPort, folder: string): Promise<string | undefined> {
  for (const name of NAMES) {
    const path = `${folder}/${name}`;
    if ((await environment.stat(path)).kind === "missing") continue;
    if (name === "CLAUDE.md" && CLAUDE_SWITCHES.some((key) => environment.agentEnv[key] !== undefined)) {
      throw new UnsupportedError(`opencode-cli: ${path} under ${CLAUDE_SWITCHES.join(" or ")} (which drop CLAUDE.md from the instruction file names) is not modelled`);
    }
    return path;
  }
  return undefined;
}

/** The instruction files the other reads of the call's turn meet (files they read: a path to a missing file or a folder claims none). */
async function siblingInstructionFiles(call: ToolCall, environment: EnvironmentPort): Promise<Set<string>> {
  const contended = new Set<string>();
  if (call.turn === undefined) return contended;
  for (const [index, sibling] of call.turn.calls.entries()) {
    if (index === call.turn.position || sibling.tool.toLowerCase() !== "read") continue;
    const filePath = readInput(sibling.input).filePath;
    if (typeof filePath !== "string") continue;
    const file = resolvePath(environment.workspace, filePath);
    if ((await environment.stat(file)).kind !== "file") continue;
    for (const path of await instructionFiles(environment, file)) contended.add(path);
  }
  return contended;
}

function readInput(input: unknown): { filePath: string; offset?: number; limit?: number } {
  return (input !== null && typeof input === "object" ? input : {}) as { filePath: string; offset?: number; limit?: number };
}
