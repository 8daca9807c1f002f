// A complete `--subject module:PATH` example: opencode-cli's bash result for short output.
//
//   npx correx check --subject module:examples/subjects/bash-module.mjs --profile opencode-cli --case 'opencode-cli/bash/*'
//
// The contract: the module exports the adapter ops it implements as functions (hello, format,
// truncate, lower; as named exports or on the default export). Each takes the op's request
// without `id` and `op` (schemas/adapter/ops/<op>.json) and returns its result ($defs/Result),
// or a promise of it. An op the module does not export makes its cases `unsupported`; so does
// throwing an error named "AdapterError" with code "unsupported" (any other error is a crash).

/** Says "this case is not mine": the case counts as unsupported, not as a failure. */
function unsupported(message) {
  return Object.assign(new Error(message), { name: "AdapterError", code: "unsupported" });
}

export function format({ profile, tool, input, observation, options }) {
  if (profile !== "opencode-cli" || tool !== "bash") throw unsupported(`only opencode-cli bash, not ${profile} ${tool}`);
  if (observation.error !== undefined) throw unsupported("a tool error");
  if (typeof input.command !== "string") throw unsupported("invalid arguments");
  if (options?.limits !== undefined) throw unsupported("truncation limits");
  const output = observation.output ?? "";
  if (Buffer.byteLength(output) > 2000 || observation.timedOut || observation.aborted || output.split("\n").length > 50) throw unsupported("long, timed-out or aborted output");
  return {
    result: {
      status: "completed",
      title: input.command, // 1.18.33's bash has no description argument: the title is the command (spec §2.1)
      output: output === "" ? "(no output)" : output,
      metadata: { truncated: false },
    },
  };
}
