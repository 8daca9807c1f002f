#!/usr/bin/env node
// A miniature subject (style point 14, bowtie's miniatures): the reference adapter, wrong in
// exactly one known way, chosen by argv[2]. Used to test that `correx check` reports each flaw.
//   correct | drops-final-newline | one-byte-short | crash-on-format | hang-on-format |
//   garbage-line | invalid-json-reply | dies-mid-response | wrong-id
import { createInterface } from "node:readline";
import { referenceOps } from "../../dist/adapter/reference-handler.js";

const flaw = process.argv[2] ?? "correct";

function mangle(result) {
  const text = result?.result?.output ?? result?.result?.value;
  const set = (value) => {
    if (result.result.output !== undefined) result.result.output = value;
    else result.result.value = value;
  };
  if (typeof text !== "string") return result;
  if (flaw === "drops-final-newline" && text.endsWith("\n")) set(text.slice(0, -1));
  if (flaw === "one-byte-short" && text.length > 0) set(text.slice(0, -1));
  return result;
}

const lines = createInterface({ input: process.stdin, terminal: false });
for await (const line of lines) {
  const request = JSON.parse(line);
  if (request.op === "bye") process.exit(0);
  if (request.op === "format" && flaw === "crash-on-format") process.exit(3);
  if (request.op === "format" && flaw === "hang-on-format") await new Promise(() => {});
  if (flaw === "garbage-line") process.stdout.write("this is not a response\n");
  if (flaw === "invalid-json-reply") {
    process.stdout.write(`{"id": ${request.id}, "ok": true, "result": \n`);
    continue;
  }
  if (flaw === "dies-mid-response") {
    process.stdout.write(`{"id": ${request.id}, "ok": tr`);
    process.exit(1);
  }
  let reply;
  try {
    reply = { id: flaw === "wrong-id" ? request.id + 1000 : request.id, ok: true, result: mangle(referenceOps[request.op](request)) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: { code: error.code ?? "internal", message: String(error.message) } };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
