import { handleAdapterLine } from "../../adapter/handle-adapter-line.js";
import { referenceOps } from "../../adapter/reference-handler.js";
import { MAX_RECORD_BYTES } from "../../input/input-limits.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";

export const adapterHelp = `usage: correx adapter [--profile P]

Serves the reference implementation over the adapter protocol: one JSON request per line on
stdin, one JSON response per line on stdout, in order. Ops: hello, format, truncate, lower, bye.`;

/** `correx adapter`: serve until stdin ends or a `bye` request. */
export async function adapterCommand(args: string[], io: CommandIo): Promise<number> {
  const { values } = parseCommandArgs("adapter", args, { profile: { type: "string" }, help: { type: "boolean", short: "h" } }, false);
  if (values.help) {
    io.out(adapterHelp + "\n");
    return 0;
  }
  const decoder = new TextDecoder();
  let pending = "";
  let skipping = false;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    pending += decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n", start)) {
      const line = pending.slice(start, end);
      start = end + 1;
      if (skipping) {
        skipping = false;
        io.out(JSON.stringify({ id: null, ok: false, error: { code: "invalid-request", message: `request line longer than ${MAX_RECORD_BYTES} bytes` } }) + "\n");
        continue;
      }
      if (line.trim() === "") continue;
      const { response, stop } = await handleAdapterLine(line, referenceOps);
      io.out(response + "\n");
      if (stop) return 0;
    }
    pending = pending.slice(start);
    if (pending.length > MAX_RECORD_BYTES) {
      pending = "";
      skipping = true;
    }
  }
  if (pending.trim() !== "") {
    const { response } = await handleAdapterLine(pending, referenceOps);
    io.out(response + "\n");
  }
  return 0;
}
