import { AdapterError } from "../../adapter/adapter-error.js";
import { referenceOps } from "../../adapter/reference-handler.js";
import { expandGenerators, GeneratorError } from "../../golden/expand-generators.js";
import { InputError } from "../../input/input-error.js";
import { locateJsonPointer } from "../../input/locate-json-pointer.js";
import { parseJsonRecord } from "../../input/parse-json-record.js";
import { formatOfPath, type InputRecord, readRecords } from "../../input/read-records.js";
import { textPosition } from "../../input/text-position.js";
import type { Protocol } from "../../lower/lowering-result.js";
import { NEUTRAL_MESSAGE_KIND } from "../../lower/neutral-history.js";
import { findProfile, listProfiles } from "../../profiles/profile-registry.js";
import { focusIssues } from "../../schema/focus-issues.js";
import { loadValidator } from "../../schema/load-validator.js";
import type { SchemaKind } from "../../schema/schema-kind.js";
import { toValidationIssues } from "../../schema/validation-issue.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { speaks, unknownProfileError, unspokenProtocolError } from "../unknown-profile.js";
import { UsageError } from "../usage-error.js";

export const lowerHelp = `usage: correx lower --profile P --protocol X [--model M] [--from LEVEL] [--pretty] FILE|-

Prints the wire body (the request fragment a provider receives) for a message history, as
compact JSON in the key order the provider client sends (--pretty: indented).
FILE is JSON or YAML: an array of messages, or an object with "messages" (a lower case file
works; its "from" and "model" apply unless given as flags). YAML generators ($repeat, $lines,
$concat) are expanded.

  --profile   a profile id (npx correx profiles lists them)
  --protocol  openai-chat | anthropic-messages | google-gemini | openai-responses (those the profile speaks)
  --model     model id (opencode-cli: picks provider behaviour, e.g. gemini-3 nested parts)
  --from      input form, per profile (the first is the default):
${listProfiles()
  .map((profile) => `                ${profile.id}: ${Object.keys(profile.history.forms).join(", ")}`)
  .join("\n")}
              neutral: schemas/history/neutral-message.json (the prompt, one turn of calls,
              one result per call in the profile's result form)

Warnings (e.g. the anthropic-beta header a body needs) go to stderr.
Exit 0: body printed; 1: the profile refuses the history (its error text on stderr) or does
not model it (unsupported, naming the rule);
2: bad usage or input (file:line:col and the JSON pointer).`;

const PROTOCOLS: readonly Protocol[] = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"];

/** One input document, parsed, with a way to say where a pointer sits in its source. */
interface Document {
  value: unknown;
  locate(pointer: string, atKey?: boolean): { line: number; column: number };
}

async function readDocument(file: string): Promise<{ name: string; document: Document }> {
  const name = file === "-" ? "<stdin>" : file;
  const format = formatOfPath(file);
  const records: InputRecord[] = [];
  for await (const batch of readRecords(file, format === "jsonl" ? "auto" : format)) records.push(...batch);
  if (records.length > 1) throw new InputError("expected one JSON or YAML document, found more than one", name, records[1]!.line, 1);
  const [record] = records;
  if (record!.format === "json") {
    const value = parseJsonRecord(record!.text, name, record!.line);
    return { name, document: { value, locate: (pointer, atKey) => textPosition(record!.text, locateJsonPointer(record!.text, pointer, atKey), record!.line) } };
  }
  const { parseYamlRecord } = await import("../../input/parse-yaml-record.js");
  return { name, document: parseYamlRecord(record!.text, name) };
}

/** `correx lower`: see lowerHelp. */
export async function lowerCommand(args: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandArgs("lower", args, {
    profile: { type: "string" },
    protocol: { type: "string" },
    model: { type: "string" },
    from: { type: "string" },
    pretty: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(lowerHelp + "\n");
    return 0;
  }
  for (const required of ["profile", "protocol"]) {
    if (values[required] === undefined) throw new UsageError(`correx lower: --${required} is required (see npx correx lower --help)`);
  }
  const found = findProfile(String(values.profile));
  if (!found) throw unknownProfileError("lower", String(values.profile));
  const profile = found.id;
  const levels = found.history.forms as Readonly<Record<string, SchemaKind>>;
  const protocol = String(values.protocol) as Protocol;
  if (!PROTOCOLS.includes(protocol)) throw new UsageError(`correx lower: unknown --protocol "${protocol}"; known: ${PROTOCOLS.join(", ")}`);
  if (!speaks(found, protocol)) throw unspokenProtocolError("lower", [found], protocol);
  if (positionals.length !== 1) throw new UsageError("correx lower: give exactly one FILE, or - for stdin");

  const { name, document } = await readDocument(positionals[0]!);
  const at = (pointer: string, message: string): InputError => {
    const { line, column } = document.locate(pointer);
    return new InputError(`${pointer || "/"}: ${message}`, name, line, column);
  };
  let value = document.value;
  try {
    value = expandGenerators(value);
  } catch (error) {
    if (GeneratorError.isInstance(error)) throw at(error.pointer, error.message);
    throw error;
  }
  const wrapped = value !== null && typeof value === "object" && !Array.isArray(value);
  const record = (wrapped ? value : {}) as Record<string, unknown>;
  const messages = wrapped ? record.messages : value;
  const base = wrapped ? "/messages" : "";
  if (!Array.isArray(messages)) throw at(base, wrapped ? "expected an array of messages" : 'expected an array of messages, or an object with "messages"');

  const from = values.from !== undefined ? String(values.from) : typeof record.from === "string" ? record.from : Object.keys(levels)[0]!;
  const kind = Object.hasOwn(levels, from) ? levels[from] : undefined;
  if (!kind) {
    const message = `"${from}" is not an input level of ${profile}; known: ${Object.keys(levels).join(", ")}`;
    if (values.from !== undefined) throw new UsageError(`correx lower: --from ${message}`);
    throw at("/from", message);
  }
  const model = values.model !== undefined ? String(values.model) : typeof record.model === "string" ? record.model : undefined;

  const validate = await loadValidator(kind);
  messages.forEach((message, index) => {
    if (validate(message)) return;
    const [issue] = focusIssues(toValidationIssues(validate.errors ?? [], message), message);
    throw at(`${base}/${index}${issue?.pointer ?? ""}`, `expected ${issue?.expected}, found ${issue?.found} (${kind})`);
  });
  if (kind === NEUTRAL_MESSAGE_KIND && found.resultKind !== undefined) {
    const resultKind = found.resultKind as SchemaKind;
    const validateResult = await loadValidator(resultKind);
    messages.forEach((message, index) => {
      const { role, result } = message as { role: string; result?: unknown };
      if (role !== "tool" || validateResult(result)) return;
      const [issue] = focusIssues(toValidationIssues(validateResult.errors ?? [], result), result);
      throw at(`${base}/${index}/result${issue?.pointer ?? ""}`, `expected ${issue?.expected}, found ${issue?.found} (${resultKind})`);
    });
  }

  const params = { profile, protocol, messages, from, ...(model !== undefined ? { model } : {}) };
  let result: { body?: unknown; warnings?: string[]; error?: string };
  try {
    result = (await referenceOps.lower!(params)) as typeof result;
  } catch (error) {
    if (!AdapterError.isInstance(error) || error.code !== "unsupported") throw error;
    io.err(`correx lower: unsupported: ${error.message}\n`);
    return 1;
  }
  if (result.error !== undefined) {
    io.err(`correx lower: ${result.error}\n`);
    return 1;
  }
  for (const warning of result.warnings ?? []) io.err(`correx lower: warning: ${warning}\n`);
  io.out((values.pretty ? JSON.stringify(result.body, null, 2) : JSON.stringify(result.body)) + "\n");
  return 0;
}
