import { handleAdapterLine } from "../../adapter/handle-adapter-line.js";
import { referenceOps } from "../../adapter/reference-handler.js";
import { MAX_RECORD_BYTES } from "../../input/input-limits.js";
import { LineSplitter } from "../../text/line-splitter.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { createLazyRunOutputDirectory } from "../run-output-directory.js";

export const adapterHelp = `usage: correx adapter [--profile P]

Serves the reference implementation over the adapter protocol: one JSON request per line on
stdin, one JSON response per line on stdout, in order. Ops: hello, format, truncate, lower, bye.
A format or truncate request without options.outputDir saves full outputs in a folder of this
run (/tmp/correx-XXXXXX), removed when the adapter ends.`;

/** The ops that save full outputs: a request that names no `options.outputDir` gets `outputDir()`. */
const savingOps = new Set(["format", "truncate"]);

/** `ops` with every saving request's missing `options.outputDir` filled in by `outputDir()`. */
function withOutputDir(ops: typeof referenceOps, outputDir: () => string): typeof referenceOps {
  const filled: typeof referenceOps = { ...ops };
  for (const op of savingOps) {
    const run = ops[op]!;
    filled[op] = (params) => {
      const options = params.options as Record<string, unknown> | undefined;
      return run(options?.outputDir === undefined ? { ...params, options: { ...options, outputDir: outputDir() } } : params);
    };
  }
  return filled;
}

/** `correx adapter`: serve until stdin ends or a `bye` request. */
export async function adapterCommand(args: string[], io: CommandIo): Promise<number> {
  const { values } = parseCommandArgs("adapter", args, { profile: { type: "string" }, help: { type: "boolean", short: "h" } }, false);
  if (values.help) {
    io.out(adapterHelp + "\n");
    return 0;
  }
  // Lines come from the shared LineSplitter: linear time however long a line is, and a line
  // over the limit is answered once (id null) and skipped, not held.
  const lines = new LineSplitter(MAX_RECORD_BYTES);
  const tooLong = JSON.stringify({ id: null, ok: false, error: { code: "invalid-request", message: `request line longer than ${MAX_RECORD_BYTES} bytes` } });
  const decode = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8");
  // Not the shared /tmp/correx-output: a folder of this run (same path length), made only when a request needs it.
  const runOutput = createLazyRunOutputDirectory();
  const ops = withOutputDir(referenceOps, runOutput.path);
  try {
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
      for (const event of lines.push(chunk)) {
        if (event.kind === "too-long") {
          io.out(tooLong + "\n");
          continue;
        }
        const line = decode(event.bytes);
        if (line.trim() === "") continue;
        const { response, stop } = await handleAdapterLine(line, ops);
        io.out(response + "\n");
        if (stop) return 0;
      }
    }
    const last = lines.end();
    if (last && decode(last).trim() !== "") {
      const { response } = await handleAdapterLine(decode(last), ops);
      io.out(response + "\n");
    }
    return 0;
  } finally {
    runOutput.remove();
  }
}
