// npm run check:provider-specs [-- [DIR] [--protocol P] [--goldens DIR] [--quiet] [--messages] [FILE...]]
//
// Validates every tool-result fragment of wire bodies against the providers' OWN machine-readable
// specs (not correx's schemas/wire/): OpenAI openapi.yaml, Anthropic openapi.stainless.json, the
// Gemini discovery-derived OpenAPI (with requiredness and `oneof` taken from the v1beta protos).
//
//   DIR    the provider-specs folder (default: ../shared/provider-specs, relative to the repo root);
//          the first argument is taken as DIR when it is a directory, or pass --specs DIR.
//   FILE…  JSON wire bodies; default: schemas/examples/wire-*/valid-*.json AND every body of the
//          lowering golden corpus (the `expected` bodies of golden/<profile>/lower/**/*.yaml,
//          generators expanded; an expected `{error}` is a refusal, not a body, and is counted).
//   --goldens DIR  the golden root whose lower/ bodies are checked (default: golden/ of the repo).
//   --quiet        print only `FAIL` and `known exception:` lines and the summary.
//   --messages     check FILEs whole too (every message / item: see messageFragments); golden
//                  corpus bodies are always checked whole.
//   --protocol P   openai-chat | anthropic-messages | google-gemini | openai-responses; by default
//          taken from a wire-<protocol>/ folder name, else inferred from the body's shape.
//
// Prints one line per fragment (`ok`, `FAIL`, or `known exception:`), then a summary.
// Exit 0: every fragment conforms or is a listed known exception; 1: a fragment does not
// conform; 2: usage or input error.
//
// Fragments checked, per protocol:
//   openai-chat         messages[i] with role "tool"          → ChatCompletionRequestToolMessage
//                       array-content user message right after tool messages (media moved out of
//                       tool results, spec §4.1-4.3)         → ChatCompletionRequestUserMessage
//   openai-responses    input[i] with type "function_call_output" → FunctionCallOutputItemParam
//   anthropic-messages  content blocks with type "tool_result" → RequestToolResultBlock
//   google-gemini       every part of a content holding a functionResponse → Part (with the proto
//                       `oneof data`), and each functionResponse → FunctionResponse (proto REQUIRED)
// plus, for golden corpus bodies (and FILEs with --messages), every message / item whole
// (messageFragments). Known exceptions (KNOWN_EXCEPTIONS) are disagreements between an official
// spec and what the real clients send; each is printed as `known exception:`, never skipped.
//
// The jobs live in scripts/provider-specs/: load-specs (reading the spec files, compiling
// validators), resolve-refs (OpenAPI components → one JSON Schema bundle), proto-requiredness
// (Gemini's REQUIRED fields and oneofs), wire-fragments (what is checked), check-fragment
// (validating), known-exceptions (the listed disagreements), golden-bodies (the corpus). This file
// is the command line only.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkFragment } from "./provider-specs/check-fragment.mjs";
import { goldenBodies } from "./provider-specs/golden-bodies.mjs";
import { loadValidators } from "./provider-specs/load-specs.mjs";
import { InputError, isDirectory, parseJson } from "./provider-specs/read-input.mjs";
import { inferProtocol, messageFragments, PROTOCOLS, toolResultFragments } from "./provider-specs/wire-fragments.mjs";

export { checkFragment } from "./provider-specs/check-fragment.mjs";
export { expandGenerators, goldenBodies } from "./provider-specs/golden-bodies.mjs";
export { KNOWN_EXCEPTIONS } from "./provider-specs/known-exceptions.mjs";
export { loadValidators } from "./provider-specs/load-specs.mjs";
export { readProtoMessages } from "./provider-specs/proto-requiredness.mjs";
export { inferProtocol, messageFragments, toolResultFragments } from "./provider-specs/wire-fragments.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function parseArgs(argv) {
  const options = { specsDir: undefined, protocol: undefined, goldens: undefined, quiet: false, messages: false, files: [] };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === "--specs" || arg === "--protocol" || arg === "--goldens") {
      const value = argv[index + 1];
      if (value === undefined) throw new InputError(`${arg} needs a value`);
      index += 1;
      if (arg === "--specs") options.specsDir = value;
      else if (arg === "--goldens") options.goldens = value;
      else if (PROTOCOLS.includes(value)) options.protocol = value;
      else throw new InputError(`unknown protocol ${value} (one of ${PROTOCOLS.join(", ")})`);
    } else if (arg === "--quiet") {
      options.quiet = true;
    } else if (arg === "--messages") {
      options.messages = true;
    } else if (arg === "--help" || arg === "-h") {
      options.help = true;
    } else if (arg.startsWith("-")) {
      throw new InputError(`unknown option ${arg}`);
    } else if (options.specsDir === undefined && options.files.length === 0 && isDirectory(arg)) {
      options.specsDir = arg;
    } else {
      options.files.push(arg);
    }
  }
  return options;
}

function defaultFiles() {
  const examples = join(repoRoot, "schemas", "examples");
  if (!existsSync(examples)) return [];
  return readdirSync(examples)
    .filter((folder) => folder.startsWith("wire-"))
    .sort()
    .flatMap((folder) =>
      readdirSync(join(examples, folder))
        .filter((name) => name.startsWith("valid-") && name.endsWith(".json"))
        .sort()
        .map((name) => join(examples, folder, name)),
    );
}

function main(argv) {
  const options = parseArgs(argv);
  if (options.help) {
    process.stdout.write("usage: check-provider-specs.mjs [DIR | --specs DIR] [--protocol P] [--goldens DIR] [--quiet] [--messages] [FILE...]\n");
    return 0;
  }
  const specsDir = resolve(options.specsDir ?? join(repoRoot, "..", "shared", "provider-specs"));
  if (!isDirectory(specsDir)) throw new InputError(`provider specs folder not found: ${specsDir}`);
  /** @type {{ name: string, protocol: string | undefined, load: () => unknown }[]} */
  const bodies = [];
  let refusals = 0;
  if (options.files.length > 0) {
    for (const file of options.files) bodies.push({ name: relative(process.cwd(), resolve(file)) || file, path: file, load: () => parseJson(file) });
  } else {
    for (const file of defaultFiles()) bodies.push({ name: relative(process.cwd(), resolve(file)) || file, path: file, load: () => parseJson(file) });
    const corpus = goldenBodies(resolve(options.goldens ?? join(repoRoot, "golden")));
    refusals = corpus.refusals;
    for (const entry of corpus.bodies) bodies.push({ name: relative(process.cwd(), entry.file) + `#${entry.protocol}`, protocol: entry.protocol, corpus: true, load: () => entry.body });
  }
  if (bodies.length === 0) throw new InputError("no wire bodies to check");
  const validators = loadValidators(specsDir);
  const counts = { ok: 0, known: 0, fail: 0 };
  /** @type {Map<string, number>} */
  const exceptionsSeen = new Map();
  for (const entry of bodies) {
    const body = entry.load();
    const protocol = options.protocol ?? entry.protocol ?? inferProtocol(entry.path, body);
    const wholeBody = options.messages || entry.corpus === true;
    const fragments = [...toolResultFragments(protocol, body), ...(wholeBody ? messageFragments(protocol, body) : [])];
    if (fragments.length === 0 && !options.quiet) process.stdout.write(`none ${entry.name} (${protocol}): no tool-result fragments\n`);
    for (const fragment of fragments) {
      const { status, detail, exception } = checkFragment(validators, protocol, fragment);
      counts[status] += 1;
      const where = `${entry.name}#${fragment.pointer} ${fragment.schema}`;
      if (status === "ok") {
        if (!options.quiet) process.stdout.write(`ok   ${where}\n`);
      } else if (status === "known") {
        exceptionsSeen.set(exception, (exceptionsSeen.get(exception) ?? 0) + 1);
        process.stdout.write(`known exception: ${where}: ${detail}\n`);
      } else process.stdout.write(`FAIL ${where}: ${detail}\n`);
    }
  }
  const total = counts.ok + counts.known + counts.fail;
  if (exceptionsSeen.size > 0) {
    process.stdout.write(`known exceptions: ${[...exceptionsSeen].map(([id, count]) => `${id} ×${count}`).join(", ")}\n`);
  }
  if (options.files.length === 0) process.stdout.write(`${bodies.length} bodies checked (${refusals} golden lowering refusals have no body)\n`);
  process.stdout.write(`${total} fragments: ${counts.ok} ok, ${counts.known} known exceptions, ${counts.fail} failed\n`);
  return counts.fail > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    if (error instanceof InputError) {
      process.stderr.write(`check-provider-specs: ${error.message}\n`);
      process.exitCode = 2;
    } else throw error;
  }
}
