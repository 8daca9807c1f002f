#!/usr/bin/env node
// A complete `--subject cmd:COMMAND` example: the same bash rule as bash-module.mjs, as a process
// speaking the adapter protocol on stdio, in any language (this one is JavaScript).
//
//   npx correx check --subject "cmd:node examples/subjects/bash-adapter.mjs" --profile opencode-cli --case 'opencode-cli/bash/*'
//
// The contract: read one JSON request a line on stdin ({"id", "op", …params}); write one JSON
// response a line on stdout, in order: {"id", "ok": true, "result"} or {"id", "ok": false,
// "error": {"code": "unsupported" | "invalid-request" | "internal", "message"}}. correx sends
// `hello` first (answer with your name, version, profiles and ops: schemas/adapter/ops/hello.json)
// and `bye` last. stderr is yours (its tail is shown when you crash). A crash or a hang costs
// the case in flight only: correx restarts you for the next one.
import { createInterface } from "node:readline";

function format({ profile, tool, input, observation, options }) {
  if (profile !== "opencode-cli" || tool !== "bash") return { unsupported: `only opencode-cli bash, not ${profile} ${tool}` };
  if (observation.error !== undefined) return { unsupported: "a tool error" };
  if (typeof input.command !== "string") return { unsupported: "invalid arguments" };
  if (options?.limits !== undefined) return { unsupported: "truncation limits" };
  const output = observation.output ?? "";
  if (Buffer.byteLength(output) > 2000 || observation.timedOut || observation.aborted || output.split("\n").length > 50) return { unsupported: "long, timed-out or aborted output" };
  return { result: { status: "completed", title: input.command, output: output === "" ? "(no output)" : output, metadata: { truncated: false } } };
}

const reply = (line) => process.stdout.write(JSON.stringify(line) + "\n");
for await (const line of createInterface({ input: process.stdin })) {
  const { id, op, ...params } = JSON.parse(line);
  if (op === "hello")
    reply({ id, ok: true, result: { implementation: { name: "bash-adapter-example", version: "1.0.0" }, protocolVersion: 1, profiles: ["opencode-cli"], ops: ["hello", "format", "bye"] } });
  else if (op === "bye") {
    reply({ id, ok: true, result: {} });
    break;
  } else if (op === "format") {
    const answer = format(params);
    reply(answer.unsupported ? { id, ok: false, error: { code: "unsupported", message: answer.unsupported } } : { id, ok: true, result: answer });
  } else reply({ id, ok: false, error: { code: "unsupported", message: `op ${op} is not supported` } });
}
