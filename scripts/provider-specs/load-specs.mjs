// Loading the providers' own specs from the provider-specs folder and compiling a validator for
// each root component schema fragments are checked against.
import { join } from "node:path";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import YAML from "yaml";
import { applyProto, readProtoMessages } from "./proto-requiredness.mjs";
import { parseJson, readText } from "./read-input.mjs";
import { bundle, collectFormats } from "./resolve-refs.mjs";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const addFormats = addFormatsModule.default ?? addFormatsModule;

/** The spec files, relative to the provider-specs folder. */
export const SPEC_FILES = {
  openai: "openai/openapi.yaml",
  anthropic: "anthropic/openapi.stainless.json",
  gemini: "google-gemini/openapi.from-discovery.v1beta.json",
  geminiProto: "google-gemini/proto-v1beta/content.proto",
};

/** Component schemas each provider's fragments are checked against. */
export const ROOTS = {
  openai: ["ChatCompletionRequestToolMessage", "ChatCompletionRequestUserMessage", "FunctionCallOutputItemParam", "ChatCompletionRequestMessage", "InputItem"],
  anthropic: ["RequestToolResultBlock", "InputMessage", "RequestTextBlock"],
  gemini: ["Part", "FunctionResponse", "Content"],
};

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
