import { basename, dirname, isAbsolute, resolve } from "node:path";
import { reviewCommandForGolden } from "../conformance/review-command.js";
import { isCIEnvironment, parseUpdateMode, resolveUpdateBehavior, type UpdateBehavior } from "../conformance/update-policy.js";
import validateGolden from "../generated/validators/golden.js";
import { acceptedGoldenText } from "../golden/accept-golden.js";
import { expandGenerators } from "../golden/expand-generators.js";
import type { GoldenPort } from "../golden/golden-port.js";
import { parseGoldenYaml, stringifyGoldenYaml } from "../golden/golden-yaml.js";
import { renderDifference } from "../golden/render-difference.js";
import { valueDifferences } from "../golden/value-differences.js";
import { toValidationIssues } from "../schema/validation-issue.js";
import type { MatcherOutcome } from "./vitest-matcher-outcome.js";

/** Differences shown in a failure message; the rest are counted. */
const SHOWN = 5;

export interface MatchGoldenContext {
  port: GoldenPort;
  /** The test file, to resolve a relative golden path against its folder. */
  testPath?: string;
  /** What the run does with a mismatch or a missing golden (see goldenUpdateBehavior). */
  update: UpdateBehavior;
  /** Named in the pending file's `source.subject`. */
  testName?: string;
}

/**
 * The update behaviour for `toMatchGolden`, by the same rules as `correx check` / `correx
 * golden`: `CORREX_UPDATE` (auto|always|new|no, default auto) or Vitest's `-u` (always) locally;
 * under CI (CI=true, or GITHUB_ACTIONS=true) nothing is ever written, whatever was asked.
 */
export function goldenUpdateBehavior(env: Record<string, string | undefined>, vitestUpdateAll: boolean): UpdateBehavior {
  const asked = env.CORREX_UPDATE ?? (vitestUpdateAll ? "always" : "auto");
  const mode = parseUpdateMode(asked);
  if (!mode) throw new Error(`CORREX_UPDATE must be auto, always, new or no, found "${asked}"`);
  return resolveUpdateBehavior(mode, isCIEnvironment(env));
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * `expect(value).toMatchGolden(file)`: the value equals the golden's `expected` byte for byte
 * (strings exact, key order significant). On a mismatch or a missing golden it writes
 * `<file>.new` beside it for `correx golden review` (locally), rewrites the golden (`always`),
 * or writes nothing (CI), and fails with the visible-whitespace diff.
 */
export function matchGolden(received: unknown, file: string, context: MatchGoldenContext): MatcherOutcome {
  const path = isAbsolute(file) || !context.testPath ? resolve(file) : resolve(dirname(context.testPath), file);
  const pendingPath = `${path}.new`;
  const text = context.port.read(path);
  let golden: { case: string; spec?: string; expected: unknown } | null = null;
  if (text !== null) {
    let parsed: unknown;
    try {
      parsed = parseGoldenYaml(text);
    } catch (error) {
      return { pass: false, message: () => `toMatchGolden: ${path}: malformed YAML (${(error as Error).message})` };
    }
    if (!validateGolden(parsed)) {
      const [issue] = toValidationIssues(validateGolden.errors ?? [], parsed);
      return { pass: false, message: () => `toMatchGolden: ${path}: not a golden file: ${issue?.pointer || "/"}: expected ${issue?.expected}, found ${issue?.found}` };
    }
    golden = parsed as { case: string; spec?: string; expected: unknown };
  }
  let serialised: unknown;
  try {
    serialised = parseGoldenYaml(stringifyGoldenYaml(received));
  } catch (error) {
    return { pass: false, message: () => `toMatchGolden: the value cannot be stored as YAML (${(error as Error).message})` };
  }
  const expected = golden ? expandGenerators(golden.expected, "/expected") : undefined;
  const differences = golden ? valueDifferences(expected, received, true) : [];
  if (golden && differences.length === 0 && valueDifferences(received, serialised, true).length === 0) {
    if (context.update !== "none") context.port.remove(pendingPath);
    return { pass: true, message: () => `expected the value not to match the golden ${path}, but it does byte for byte` };
  }
  const name = golden?.case ?? basename(path).replace(/\.ya?ml$/, "");
  let action: string;
  switch (context.update) {
    case "none":
      action = golden ? "nothing written (CI)" : "no golden (nothing is written under CI)";
      break;
    case "in-place":
      // An existing golden is edited in place, as correx golden update does: `reviewed:`, comments and
      // generators stay, and `reviewed:` records what rewrote it. A new one is written whole.
      context.port.writeAtomic(
        path,
        golden && text !== null
          ? acceptedGoldenText(
              text,
              { case: name, ...(golden.spec ? { spec: golden.spec } : {}) },
              received,
              `updated by toMatchGolden (vitest -u or CORREX_UPDATE=always; subject: vitest${context.testName ? `: ${context.testName}` : ""})`,
            )
          : stringifyGoldenYaml({ correx: "golden/1", case: name, expected: received }),
      );
      context.port.remove(pendingPath);
      action = `golden ${golden ? "updated" : "written"}: ${path}`;
      break;
    case "pending":
      context.port.writeAtomic(
        pendingPath,
        stringifyGoldenYaml({
          correx: "golden/1",
          case: name,
          ...(golden?.spec ? { spec: golden.spec } : {}),
          source: { subject: `vitest${context.testName ? `: ${context.testName}` : ""}` },
          expected: received,
        }),
      );
      action = `pending golden written: ${pendingPath} (${reviewHint(pendingPath)})`;
      break;
    default: {
      const _exhaustive: never = context.update;
      return _exhaustive;
    }
  }
  const shownDifferences = golden ? differences : [{ pointer: "/expected", expected: undefined, actual: received }];
  return {
    pass: context.update === "in-place",
    message: () =>
      [
        golden ? `expected the value to match the golden ${path}: ${plural(differences.length || 1, "difference")}; ${action}` : `no golden at ${path}; ${action}`,
        ...(golden && differences.length === 0 ? ["the value does not survive a YAML round trip unchanged"] : []),
        ...shownDifferences.slice(0, SHOWN).map((difference) => renderDifference(difference, { expected: "golden", actual: "received" })),
        ...(shownDifferences.length > SHOWN ? [`… ${shownDifferences.length - SHOWN} more differences`] : []),
      ].join("\n\n"),
  };
}

/** How to review a pending file: the exact `npx correx golden review --root …`, or what to do when no root reaches it. */
function reviewHint(pendingPath: string): string {
  const command = reviewCommandForGolden(dirname(pendingPath), { program: "npx correx" });
  return command
    ? `review with: ${command}`
    : `review it by hand (accept: rename it over ${pendingPath.slice(0, -".new".length)}), or keep goldens under a folder named golden/ so that npx correx golden review --root finds them`;
}
