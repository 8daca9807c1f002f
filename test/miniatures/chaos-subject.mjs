#!/usr/bin/env node
// A subject that misbehaves at the process level (issue 14's chaos probe), chosen by argv[2]:
//   huge-reply        answers format with a valid 8 MB reply line
//   orphan-on-format  starts a child that holds its stdout and stderr, then exits on format
//   setsid-grandchild starts a grandchild that leaves its session (setsid) once its parent has exited
//   double-fork       starts a daemon the classic way: a child that forks and exits at once
//   silent            never answers, not even hello
//   record-output-dir writes the outputDir each request names to argv[3], then answers like the reference
//   escape-error      answers format with an error whose message holds terminal escapes, CR and a C1 CSI
//   wrong-lines       answers format with an 80,000-line output, every line wrong
// Otherwise it answers like the reference adapter. Each started process is a `sleep` that would
// outlive the run by 60 s unless correx kills it.
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { referenceOps } from "../../dist/adapter/reference-handler.js";

const mode = process.argv[2];

if (mode === "setsid-grandchild") {
  // sh's background subshell outlives sh, then moves to a session of its own.
  spawn("sh", ["-c", "(sleep 0.2; exec setsid sleep 60) & exit 0"], { stdio: "ignore" });
}
if (mode === "double-fork") spawn("sh", ["-c", "(sleep 60 &); exit 0"], { stdio: "ignore" });

const lines = createInterface({ input: process.stdin, terminal: false });
for await (const line of lines) {
  const request = JSON.parse(line);
  if (request.op === "bye") process.exit(0);
  if (mode === "silent") continue;
  if (mode === "record-output-dir" && request.options?.outputDir) appendFileSync(process.argv[3], request.options.outputDir + "\n");
  if (request.op === "format" && mode === "orphan-on-format") {
    spawn("sleep", ["60"], { stdio: ["ignore", "inherit", "inherit"] }).unref();
    process.exit(4);
  }
  if (request.op === "format" && mode === "huge-reply") {
    process.stdout.write(JSON.stringify({ id: request.id, ok: true, result: { output: "x".repeat(8 * 1024 * 1024) } }) + "\n");
    continue;
  }
  if (request.op === "format" && mode === "escape-error") {
    process.stdout.write(JSON.stringify({ id: request.id, ok: false, error: { code: "internal", message: "\u001b[2J\u001b[31mpwned\rhidden\u009b0m\u0007" } }) + "\n");
    continue;
  }
  if (request.op === "format" && mode === "wrong-lines") {
    const output = Array.from({ length: 80_000 }, (_, index) => `wrong line ${index}`).join("\n");
    process.stdout.write(JSON.stringify({ id: request.id, ok: true, result: { result: { status: "completed", title: "true", output, metadata: { truncated: false } } } }) + "\n");
    continue;
  }
  let reply;
  try {
    reply = { id: request.id, ok: true, result: referenceOps[request.op](request) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: { code: error.code ?? "internal", message: String(error.message) } };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
