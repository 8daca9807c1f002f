import type { CommandIo } from "../command-io.js";
import { UsageError } from "../usage-error.js";
import { checkCommand } from "./check-command.js";
import { isCI } from "./golden-command-support.js";
import { pruneCommand } from "./golden-prune-command.js";
import { reviewCommand } from "./golden-review-command.js";

export const goldenHelp = `usage: correx golden <update|review|prune> [options]

  update [check options]          run check with the reference and edit goldens in place (never
                                  under CI); another subject needs --write-corpus-from-subject
  review [--accept-all|--reject-all]
                                  walk pending <case>.yaml.new files: diff, then accept, reject or
                                  skip (single keys on a terminal, one answer a line otherwise)
  prune [--delete [--yes]]        list goldens no case references (exit 1 when there are any);
                                  delete them with --delete (--yes above 10 files)
  --root DIR                      corpus root (default: correx's own)`;

/** `correx golden`: see goldenHelp. */
export async function goldenCommand(args: string[], io: CommandIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h") {
    io.out(goldenHelp + "\n");
    return sub === undefined ? 2 : 0;
  }
  if (sub === "update") {
    if (isCI()) throw new UsageError("correx golden update: refusing to write goldens under CI");
    if (rest.some((arg) => arg.startsWith("--update"))) throw new UsageError("correx golden update: --update is implied (always)");
    return checkCommand([...rest, "--update", "always"], io, "correx golden update");
  }
  if (sub === "review") return reviewCommand(rest, io);
  if (sub === "prune") return pruneCommand(rest, io);
  throw new UsageError(`correx golden: unknown subcommand "${sub}"; known: update, review, prune`);
}
