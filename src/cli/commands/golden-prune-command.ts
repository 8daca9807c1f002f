import { existsSync, statSync } from "node:fs";
import { loadCases } from "../../conformance/load-corpus.js";
import { acquireGoldenLock, GoldenLockHeldError } from "../../golden/node-golden-lock.js";
import { nodeGoldenPort, realPathOutside } from "../../golden/node-golden-port.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { UsageError } from "../usage-error.js";
import { goldenRootOf, isCI } from "./golden-command-support.js";

/** `--delete` refuses to remove more goldens than this at once without `--yes`. */
export const PRUNE_LIMIT = 10;

/**
 * `correx golden prune`: goldens no case references. It refuses to guess: a root without a cases
 * folder, or with no case, is an input error (a wrong --root would make every golden an orphan).
 * Listing exits 1 when orphans exist; `--delete` says how many it deletes, and above PRUNE_LIMIT
 * needs `--yes`.
 */
export async function pruneCommand(args: string[], io: CommandIo): Promise<number> {
  const filters = ["--profile", "--protocol", "--stage", "--tag", "--case", "--shard"];
  const used = args.find((arg) => filters.some((flag) => arg === flag || arg.startsWith(flag + "=")));
  if (used) throw new UsageError(`correx golden prune: refusing on a filtered run (${used}); prune needs the whole corpus`);
  const { values } = parseCommandArgs("golden prune", args, { delete: { type: "boolean" }, yes: { type: "boolean" }, root: { type: "string" } }, false);
  const root = goldenRootOf(values.root);
  const casesRoot = `${root}/fixtures/cases`;
  if (!existsSync(casesRoot) || !statSync(casesRoot).isDirectory()) {
    throw new UsageError(`correx golden prune: ${casesRoot} does not exist; refusing to call every golden an orphan (is --root right?)`);
  }
  const cases = await loadCases(nodeGoldenPort, { casesRoot, goldenRoot: `${root}/golden` });
  if (cases.length === 0) throw new UsageError(`correx golden prune: ${casesRoot} holds no case; refusing to call every golden an orphan (is --root right?)`);
  const ids = new Set(cases.map((testCase) => testCase.id));
  const orphans = nodeGoldenPort
    .list(`${root}/golden`, ".yaml")
    .filter((relative) => !ids.has(relative.replace(/\.yaml$/, "")))
    .map((relative) => `${root}/golden/${relative}`);
  const plural = (count: number) => `${count} golden${count === 1 ? "" : "s"}`;
  const deleting = Boolean(values.delete) && !isCI();
  if (!deleting || orphans.length === 0) {
    for (const orphan of orphans) io.out(`orphan ${orphan}\n`);
    io.out(`${plural(orphans.length)} without a case${orphans.length ? (values.delete ? " (nothing is deleted under CI)" : " (use --delete to remove)") : ""}\n`);
    return orphans.length ? 1 : 0;
  }
  // A linked folder under golden/ is listed through; what lies outside it is never deleted (nothing is, then).
  for (const orphan of orphans) {
    const real = realPathOutside(`${root}/golden`, orphan);
    if (real !== null) {
      throw new UsageError(
        `correx golden prune: ${orphan} is ${real}, outside ${root}/golden through a linked folder; prune deletes only inside it (nothing was deleted: remove the link, or that file by hand)`,
      );
    }
  }
  if (orphans.length > PRUNE_LIMIT && !values.yes) {
    for (const orphan of orphans) io.out(`orphan ${orphan}\n`);
    throw new UsageError(`correx golden prune: --delete would delete ${plural(orphans.length)} (more than ${PRUNE_LIMIT}); add --yes if that is right`);
  }
  let release: () => void;
  try {
    release = acquireGoldenLock(`${root}/golden`, "correx golden prune");
  } catch (error) {
    if (GoldenLockHeldError.isInstance(error)) throw new UsageError(`correx golden prune: ${error.message}`);
    throw error;
  }
  try {
    io.out(`deleting ${plural(orphans.length)} without a case\n`);
    for (const orphan of orphans) {
      nodeGoldenPort.remove(orphan);
      io.out(`deleted ${orphan}\n`);
    }
    io.out(`${plural(orphans.length)} without a case deleted\n`);
  } finally {
    release();
  }
  return 0;
}
