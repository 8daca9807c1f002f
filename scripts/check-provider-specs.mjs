#!/usr/bin/env node
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
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import YAML from "yaml";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PROTOCOLS = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"];

/**
 * Known disagreements between an official spec and what real clients send. A failing fragment is
 * reported as `known exception:` (not a failure) only when the exception applies to it AND the
 * fragment validates once the exception's repair is applied, so an exception never hides a
 * second, unrelated problem.
 */
export const KNOWN_EXCEPTIONS = [
  {
    id: "anthropic-empty-text-block",
    protocol: "anthropic-messages",
    schemas: ["RequestToolResultBlock", "InputMessage"],
    reason:
      "RequestTextBlock.text has minLength 1, but the AI SDK (@ai-sdk/anthropic 3.x, bundled by opencode-cli) " +
      "sends an empty text part as {type:'text', text:''} (spec/ai-sdk-and-provider-apis.md, disagreement 4)",
    applies: (fragment) => toolResultBlocksOf(fragment).some((block) => Array.isArray(block.content) && block.content.some(isEmptyTextBlock)),
    repair: (fragment) => mapToolResultBlocks(fragment, (block) => (Array.isArray(block.content) ? { ...block, content: block.content.filter((item) => !isEmptyTextBlock(item)) } : block)),
  },
  {
    id: "gemini-thought-signature-sentinel",
    protocol: "google-gemini",
    schemas: ["Part", "Content"],
    reason:
      "Part.thoughtSignature is format byte (base64), but the AI SDK (6.0.326+) replays Gemini 3 calls with the " +
      "documented sentinel 'skip_thought_signature_validator' (spec/ai-sdk-and-provider-apis.md, disagreement 10)",
    applies: (fragment) => partsOf(fragment).some((part) => part?.thoughtSignature === SIGNATURE_SENTINEL),
    repair: (fragment) => {
      const strip = (part) => {
        if (part?.thoughtSignature !== SIGNATURE_SENTINEL) return part;
        const { thoughtSignature: _dropped, ...rest } = part;
        return rest;
      };
      return Array.isArray(fragment?.parts) ? { ...fragment, parts: fragment.parts.map(strip) } : strip(fragment);
    },
  },
  {
    id: "openai-responses-replayed-assistant-text",
    protocol: "openai-responses",
    schemas: ["InputItem"],
    reason:
      "an assistant message with output_text content must be an OutputMessage (id and status required; annotations " +
      "and logprobs on each output_text), but @ai-sdk/openai 3.0.88 with store:false (opencode-cli; test/lower-oracle.test.ts) and " +
      "opencode-core's native lowering replay assistant text as {role:'assistant', content:[{type:'output_text', text}]} " +
      "without them (openai's ResponseOutputMessage type agrees with the spec: test/types/sdk-wire-types.test-d.ts)",
    applies: (item) => item?.role === "assistant" && item.id === undefined && Array.isArray(item.content) && item.content.some((part) => part?.type === "output_text"),
    repair: (item) => ({
      ...item,
      type: "message",
      id: "msg_replayed",
      status: "completed",
      content: item.content.map((part) => (part?.type === "output_text" ? { annotations: [], logprobs: [], ...part } : part)),
    }),
  },
  {
    id: "openai-responses-input-image-without-detail",
    protocol: "openai-responses",
    schemas: ["InputItem"],
    reason:
      "InputImageContent requires detail, but @ai-sdk/openai 3.0.88 sends a user image as {type:'input_image', image_url} " +
      "and adds detail only when providerOptions.openai.imageDetail is set, which opencode never sets (test/lower-oracle.test.ts; " +
      "openai's ResponseInputImage type agrees with the spec: test/types/sdk-wire-types.test-d.ts)",
    applies: (item) => Array.isArray(item?.content) && item.content.some(isImageWithoutDetail),
    repair: (item) => ({ ...item, content: item.content.map((part) => (isImageWithoutDetail(part) ? { ...part, detail: "auto" } : part)) }),
  },
];

const SIGNATURE_SENTINEL = "skip_thought_signature_validator";

function isEmptyTextBlock(block) {
  return typeof block === "object" && block !== null && block.type === "text" && block.text === "";
}

function isImageWithoutDetail(part) {
  return typeof part === "object" && part !== null && part.type === "input_image" && part.detail === undefined;
}

/** The tool_result blocks of a fragment: the block itself, or those of a message's content. */
function toolResultBlocksOf(fragment) {
  if (fragment?.type === "tool_result") return [fragment];
  return Array.isArray(fragment?.content) ? fragment.content.filter((block) => block?.type === "tool_result") : [];
}

function mapToolResultBlocks(fragment, map) {
  if (fragment?.type === "tool_result") return map(fragment);
  return { ...fragment, content: fragment.content.map((block) => (block?.type === "tool_result" ? map(block) : block)) };
}

/** The parts of a Gemini fragment: a Content's parts, or the Part itself. */
function partsOf(fragment) {
  return Array.isArray(fragment?.parts) ? fragment.parts : [fragment];
}

// ---------------------------------------------------------------- spec loading

const SPEC_FILES = {
  openai: "openai/openapi.yaml",
  anthropic: "anthropic/openapi.stainless.json",
  gemini: "google-gemini/openapi.from-discovery.v1beta.json",
  geminiProto: "google-gemini/proto-v1beta/content.proto",
};

/** Component schemas each provider's fragments are checked against. */
const ROOTS = {
  openai: ["ChatCompletionRequestToolMessage", "ChatCompletionRequestUserMessage", "FunctionCallOutputItemParam", "ChatCompletionRequestMessage", "InputItem"],
  anthropic: ["RequestToolResultBlock", "InputMessage", "RequestTextBlock"],
  gemini: ["Part", "FunctionResponse", "Content"],
};

/** OpenAPI-only keys that are not JSON Schema (or that ajv must not interpret). */
const OPENAPI_ONLY = new Set(["discriminator", "example", "xml", "externalDocs", "nullable"]);

/**
 * One OpenAPI schema object → JSON Schema 2020-12: refs to #/$defs, `nullable` (OpenAPI 3.0, also
 * left in parts of OpenAI's 3.1 file) → a null branch, boolean exclusiveMinimum/Maximum (3.0) →
 * numeric, vendor extensions and OpenAPI-only keywords dropped.
 */
function toJsonSchema(node, options = {}) {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, options));
  if (typeof node !== "object" || node === null) return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("x-") || OPENAPI_ONLY.has(key)) continue;
    if (key === "$ref" && typeof value === "string") {
      out.$ref = value.replace(/^#\/components\/schemas\//, "#/$defs/");
    } else if (key === "properties" && typeof value === "object" && value !== null) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema, options)]));
    } else if (key === "oneOf" && options.oneOfAsAnyOf) {
      out.anyOf = toJsonSchema(value, options);
    } else {
      out[key] = toJsonSchema(value, options);
    }
  }
  for (const bound of ["exclusiveMinimum", "exclusiveMaximum"]) {
    if (typeof out[bound] === "boolean") {
      const limit = bound === "exclusiveMinimum" ? "minimum" : "maximum";
      if (out[bound] && typeof out[limit] === "number") {
        out[bound] = out[limit];
        delete out[limit];
      } else delete out[bound];
    }
  }
  if (node.nullable === true) return nullable(out);
  return out;
}

function nullable(schema) {
  if (typeof schema.type === "string") {
    const result = { ...schema, type: [schema.type, "null"] };
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) result.enum = [...schema.enum, null];
    return result;
  }
  if (Array.isArray(schema.type)) return schema.type.includes("null") ? schema : { ...schema, type: [...schema.type, "null"] };
  const { description, title, ...rest } = schema;
  return { ...(title ? { title } : {}), ...(description ? { description } : {}), anyOf: [rest, { type: "null" }] };
}

/** The named components and everything they reference, as a self-contained JSON Schema bundle. */
function bundle(components, roots, id, options = {}) {
  const defs = {};
  const pending = [...roots];
  while (pending.length > 0) {
    const name = pending.pop();
    if (name in defs) continue;
    const schema = components[name];
    if (schema === undefined) throw new InputError(`${id}: component schema ${name} not found`);
    defs[name] = toJsonSchema(schema, options);
    for (const match of JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) pending.push(match[1]);
  }
  return { $schema: "https://json-schema.org/draft/2020-12/schema", $id: id, $defs: defs };
}

/**
 * @typedef {{ name: string, required: boolean }} ProtoField  a field by its JSON (lowerCamelCase) name
 * @typedef {{ fields: ProtoField[], oneofs: Record<string, string[]> }} ProtoMessage
 */

/**
 * Minimal .proto reader: for each message, its fields (JSON name, REQUIRED or not) and the
 * members of each `oneof`. Enough for Gemini's content.proto; not a general parser.
 * @param {string} text
 * @returns {Record<string, ProtoMessage>}
 */
export function readProtoMessages(text) {
  const source = text.replace(/\/\/[^\n]*/g, "");
  /** @type {Record<string, ProtoMessage>} */
  const messages = {};
  const opener = /\bmessage\s+(\w+)\s*\{/g;
  for (let match = opener.exec(source); match !== null; match = opener.exec(source)) {
    const body = bracedBody(source, opener.lastIndex);
    let flat = body;
    for (let previous = ""; previous !== flat; ) {
      previous = flat;
      flat = flat.replace(nestedBlocks(), "");
    }
    const oneofs = {};
    const withoutOneofs = flat.replace(/\boneof\s+(\w+)\s*\{([^}]*)\}/g, (_whole, name, inner) => {
      oneofs[name] = fieldsOf(inner).map((field) => field.name);
      return inner;
    });
    messages[match[1]] = { fields: fieldsOf(withoutOneofs), oneofs };
  }
  return messages;
}

function nestedBlocks() {
  return /\b(?:enum|message)\s+\w+\s*\{[^{}]*\}/g;
}

function bracedBody(source, start) {
  let depth = 1;
  for (let index = start; index < source.length; index += 1) {
    if (source[index] === "{") depth += 1;
    else if (source[index] === "}") {
      depth -= 1;
      if (depth === 0) return source.slice(start, index);
    }
  }
  throw new InputError("unbalanced braces in .proto file");
}

function fieldsOf(text) {
  const fields = [];
  const field = /(?:\b(?:optional|repeated)\s+)?([\w.]+)\s+(\w+)\s*=\s*\d+\s*(\[[^\]]*\])?\s*;/g;
  for (let match = field.exec(text); match !== null; match = field.exec(text)) {
    if (match[1] === "option" || match[1] === "reserved") continue;
    fields.push({
      name: match[2].replace(/_([a-z0-9])/g, (_whole, letter) => letter.toUpperCase()),
      required: /field_behavior\)\s*=\s*REQUIRED/.test(match[3] ?? ""),
    });
  }
  return fields;
}

/** Adds proto requiredness and `oneof` (exactly one member set) to discovery-derived schemas. */
function applyProto(defs, protoMessages) {
  for (const [name, schema] of Object.entries(defs)) {
    const message = protoMessages[name];
    if (message === undefined) continue;
    const required = message.fields.filter((field) => field.required).map((field) => field.name);
    if (required.length > 0) schema.required = [...new Set([...(schema.required ?? []), ...required])];
    const oneofs = Object.values(message.oneofs).filter((members) => members.length > 1);
    if (oneofs.length > 0) {
      schema.allOf = [...(schema.allOf ?? []), ...oneofs.map((members) => ({ oneOf: members.map((member) => ({ required: [member] })) }))];
    }
  }
}

function readText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${error.message}`);
  }
}

function parseJson(path) {
  const text = readText(path);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(`${path}: not JSON: ${error.message}`);
  }
}

/** Compiled validators by provider and component name. */
export function loadValidators(specsDir) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  const openai = YAML.parse(readText(join(specsDir, SPEC_FILES.openai)));
  const anthropic = parseJson(join(specsDir, SPEC_FILES.anthropic));
  const gemini = parseJson(join(specsDir, SPEC_FILES.gemini));
  const geminiBundle = bundle(gemini.components.schemas, ROOTS.gemini, "urn:correx:provider-spec:gemini");
  applyProto(geminiBundle.$defs, readProtoMessages(readText(join(specsDir, SPEC_FILES.geminiProto))));
  const bundles = {
    // OpenAI's (Stainless) spec uses oneOf for unions whose branches overlap: a message with list
    // content and no `type` is both an EasyInputMessage and an InputMessage, so strict oneOf would
    // refuse every valid one. Its oneOf is read as anyOf.
    openai: bundle(openai.components.schemas, ROOTS.openai, "urn:correx:provider-spec:openai", { oneOfAsAnyOf: true }),
    anthropic: bundle(anthropic.components.schemas, ROOTS.anthropic, "urn:correx:provider-spec:anthropic"),
    gemini: geminiBundle,
  };
  // Formats the specs use that ajv-formats does not define (Google's) are annotations only.
  for (const format of collectFormats(bundles)) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  const validators = {};
  for (const [provider, schema] of Object.entries(bundles)) {
    ajv.addSchema(schema);
    validators[provider] = {};
    for (const root of ROOTS[provider]) validators[provider][root] = ajv.getSchema(`${schema.$id}#/$defs/${root}`);
  }
  return validators;
}

function collectFormats(node, found = new Set()) {
  if (Array.isArray(node)) node.forEach((item) => collectFormats(item, found));
  else if (typeof node === "object" && node !== null) {
    if (typeof node.format === "string") found.add(node.format);
    Object.values(node).forEach((value) => collectFormats(value, found));
  }
  return found;
}

// ---------------------------------------------------------------- fragments

/** [{ pointer, provider, schema, value }] for one wire body. */
export function toolResultFragments(protocol, body) {
  const fragments = [];
  switch (protocol) {
    case "openai-chat": {
      const messages = Array.isArray(body?.messages) ? body.messages : [];
      messages.forEach((message, index) => {
        if (message?.role === "tool") {
          fragments.push({ pointer: `/messages/${index}`, provider: "openai", schema: "ChatCompletionRequestToolMessage", value: message });
        } else if (message?.role === "user" && Array.isArray(message.content) && messages[index - 1]?.role === "tool") {
          fragments.push({ pointer: `/messages/${index}`, provider: "openai", schema: "ChatCompletionRequestUserMessage", value: message });
        }
      });
      break;
    }
    case "openai-responses": {
      const items = Array.isArray(body?.input) ? body.input : [];
      items.forEach((item, index) => {
        if (item?.type === "function_call_output") {
          fragments.push({ pointer: `/input/${index}`, provider: "openai", schema: "FunctionCallOutputItemParam", value: item });
        }
      });
      break;
    }
    case "anthropic-messages": {
      const messages = Array.isArray(body?.messages) ? body.messages : [];
      messages.forEach((message, index) => {
        if (!Array.isArray(message?.content)) return;
        message.content.forEach((block, blockIndex) => {
          if (block?.type === "tool_result") {
            fragments.push({ pointer: `/messages/${index}/content/${blockIndex}`, provider: "anthropic", schema: "RequestToolResultBlock", value: block });
          }
        });
      });
      break;
    }
    case "google-gemini": {
      const contents = Array.isArray(body?.contents) ? body.contents : [];
      contents.forEach((content, index) => {
        const parts = Array.isArray(content?.parts) ? content.parts : [];
        if (!parts.some((part) => part?.functionResponse !== undefined)) return;
        parts.forEach((part, partIndex) => {
          const pointer = `/contents/${index}/parts/${partIndex}`;
          fragments.push({ pointer, provider: "gemini", schema: "Part", value: part });
          if (part?.functionResponse !== undefined) {
            fragments.push({ pointer: `${pointer}/functionResponse`, provider: "gemini", schema: "FunctionResponse", value: part.functionResponse });
          }
        });
      });
      break;
    }
    default:
      throw new InputError(`unknown protocol ${protocol}`);
  }
  return fragments;
}

/**
 * The whole-body fragments (checked for the golden corpus, or with --messages): every message or
 * item of the lowered fragment against the official spec's message schema, so what surrounds the
 * tool results (the calls, the user turns media moved to, system text) is checked too.
 *   openai-chat         messages[i]          → ChatCompletionRequestMessage
 *   openai-responses    input[i]             → InputItem
 *   anthropic-messages  messages[i]          → InputMessage; system[i] → RequestTextBlock
 *   google-gemini       contents[i]          → Content; systemInstruction → Content
 */
export function messageFragments(protocol, body) {
  const each = (key, provider, schema) => (Array.isArray(body?.[key]) ? body[key] : []).map((value, index) => ({ pointer: `/${key}/${index}`, provider, schema, value }));
  switch (protocol) {
    case "openai-chat":
      return each("messages", "openai", "ChatCompletionRequestMessage");
    case "openai-responses":
      return each("input", "openai", "InputItem");
    case "anthropic-messages":
      return [...each("system", "anthropic", "RequestTextBlock"), ...each("messages", "anthropic", "InputMessage")];
    case "google-gemini":
      return [
        ...(body?.systemInstruction !== undefined ? [{ pointer: "/systemInstruction", provider: "gemini", schema: "Content", value: body.systemInstruction }] : []),
        ...each("contents", "gemini", "Content"),
      ];
    default:
      throw new InputError(`unknown protocol ${protocol}`);
  }
}

/** The protocol of a body: from a wire-<protocol>/ folder name, else from its shape. */
export function inferProtocol(path, body) {
  const folder = basename(dirname(path));
  if (folder.startsWith("wire-") && PROTOCOLS.includes(folder.slice(5))) return folder.slice(5);
  if (Array.isArray(body?.input)) return "openai-responses";
  if (Array.isArray(body?.contents)) return "google-gemini";
  if (Array.isArray(body?.messages)) {
    const openaiRoles = new Set(["system", "developer", "tool"]);
    if (body.messages.some((message) => openaiRoles.has(message?.role) || message?.tool_calls !== undefined)) return "openai-chat";
    const blocks = body.messages.flatMap((message) => (Array.isArray(message?.content) ? message.content : []));
    if (body.system !== undefined || blocks.some((block) => ["tool_use", "tool_result"].includes(block?.type))) return "anthropic-messages";
    return "openai-chat";
  }
  throw new InputError(`${path}: cannot tell the protocol (no messages, input or contents); pass --protocol`);
}

function describeErrors(errors) {
  return (errors ?? [])
    .filter((error) => error.keyword !== "anyOf" && error.keyword !== "oneOf")
    .concat((errors ?? []).filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf"))
    .slice(0, 6)
    .map((error) => `${error.instancePath || "/"} ${error.message}`)
    .join("; ");
}

/** Checks one fragment: { status: "ok" | "fail" | "known", detail }. */
export function checkFragment(validators, protocol, fragment) {
  const validate = validators[fragment.provider][fragment.schema];
  if (validate(fragment.value)) return { status: "ok", detail: "" };
  const detail = describeErrors(validate.errors);
  for (const exception of KNOWN_EXCEPTIONS) {
    if (exception.protocol !== protocol || !exception.schemas.includes(fragment.schema)) continue;
    if (!exception.applies(fragment.value)) continue;
    if (validate(exception.repair(fragment.value))) return { status: "known", detail: `${exception.id}: ${exception.reason}`, exception: exception.id };
  }
  return { status: "fail", detail };
}

// ---------------------------------------------------------------- golden corpus

/**
 * The generators of case and golden files (design: case and golden files), as
 * src/golden/expand-generators.ts expands them: an object whose only key is `$repeat`, `$lines`
 * or `$concat` becomes the string it describes. A copy, so this script runs without a build;
 * test/provider-specs-corpus.test.ts checks it agrees with the source.
 */
export function expandGenerators(value, path = "") {
  if (Array.isArray(value)) return value.map((item, index) => expandGenerators(item, `${path}/${index}`));
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0].startsWith("$")) return expandGenerator(keys[0], value[keys[0]], path);
  return Object.fromEntries(keys.map((key) => [key, expandGenerators(value[key], `${path}/${key}`)]));
}

function expandGenerator(name, spec, path) {
  const fail = (message) => {
    throw new InputError(`${path || "/"}: ${name}: ${message}`);
  };
  const isObject = spec !== null && typeof spec === "object" && !Array.isArray(spec);
  switch (name) {
    case "$repeat":
      if (!isObject || typeof spec.text !== "string" || !Number.isInteger(spec.count) || spec.count < 0) fail("expects {text, count}");
      return spec.text.repeat(spec.count);
    case "$lines": {
      if (!isObject || !Number.isInteger(spec.from) || !Number.isInteger(spec.to)) fail("expects {from, to, template?, separator?}");
      const template = spec.template ?? "{n}";
      const separator = spec.separator ?? "\n";
      const lines = [];
      for (let n = spec.from; n <= spec.to; n += 1) lines.push(template.replaceAll("{n}", String(n)));
      return lines.join(separator);
    }
    case "$concat":
      if (!Array.isArray(spec)) fail("expects an array");
      return spec
        .map((part, index) => {
          const expanded = expandGenerators(part, `${path}/$concat/${index}`);
          return typeof expanded === "string" ? expanded : fail(`part ${index} is not a string`);
        })
        .join("");
    default:
      return fail("unknown generator (known: $repeat, $lines, $concat)");
  }
}

function yamlFiles(dir) {
  if (!isDirectory(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : /\.ya?ml$/.test(entry.name) ? [join(dir, entry.name)] : []));
}

/**
 * Every body of the lowering golden corpus: the `expected` bodies of golden/<profile>/lower/**,
 * one per protocol, generators expanded. An expected `{error}` (the profile refuses the history)
 * has no body; those are counted as `refusals`.
 * @returns {{ bodies: { file: string, protocol: string, body: unknown }[], refusals: number }}
 */
export function goldenBodies(goldenRoot) {
  const bodies = [];
  let refusals = 0;
  const profiles = isDirectory(goldenRoot) ? readdirSync(goldenRoot).sort() : [];
  for (const profile of profiles) {
    for (const file of yamlFiles(join(goldenRoot, profile, "lower"))) {
      let golden;
      try {
        golden = YAML.parse(readText(file), { uniqueKeys: true, strict: true });
      } catch (error) {
        throw new InputError(`${file}: not YAML: ${error.message}`);
      }
      const expected = golden?.expected;
      if (expected === null || typeof expected !== "object") throw new InputError(`${file}: no expected bodies`);
      for (const [protocol, value] of Object.entries(expected)) {
        if (!PROTOCOLS.includes(protocol)) throw new InputError(`${file}: unknown protocol ${protocol}`);
        if (value !== null && typeof value === "object" && Object.keys(value).length === 1 && typeof value.error === "string") {
          refusals += 1;
          continue;
        }
        bodies.push({ file, protocol, body: expandGenerators(value) });
      }
    }
  }
  return { bodies, refusals };
}

// ---------------------------------------------------------------- CLI

class InputError extends Error {
  name = "InputError";
}

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

function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
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
