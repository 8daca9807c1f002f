// The wire schemas (schemas/wire/<protocol>.json) compile under ajv strict mode and sort the
// example bodies in schemas/examples/wire-<protocol>/ the way their file names say: every
// valid-*.json validates, every invalid-*.json is rejected for the reason in EXPECTED_REJECTIONS.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ErrorObject } from "ajv/dist/2020.js";
import Ajv2020Module from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { checkFragment, inferProtocol, loadValidators, readProtoMessages, toolResultFragments } from "../scripts/check-provider-specs.mjs";

const Ajv2020 = Ajv2020Module.default;

const PROTOCOLS = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"] as const;
type Protocol = (typeof PROTOCOLS)[number];

const schemasDir = new URL("../schemas/", import.meta.url);

interface Rejection {
  /** The instancePath of the error that names the reason. */
  readonly instancePath: string;
  /** The ajv keyword that fails there. */
  readonly keyword: string;
  /** Extra ajv params the error must carry (e.g. missingProperty). */
  readonly params?: Readonly<Record<string, unknown>>;
}

/** Why each invalid example must be rejected: one entry per file, keyed by protocol and file name. */
const EXPECTED_REJECTIONS: Record<Protocol, Record<string, Rejection>> = {
  "openai-chat": {
    "invalid-missing-tool-call-id.json": { instancePath: "/messages/3", keyword: "required", params: { missingProperty: "tool_call_id" } },
    "invalid-tool-content-empty-array.json": { instancePath: "/messages/3/content", keyword: "minItems", params: { limit: 1 } },
    "invalid-image-in-tool-message.json": { instancePath: "/messages/3/content/0", keyword: "required", params: { missingProperty: "text" } },
    "invalid-function-call-missing-arguments.json": {
      instancePath: "/messages/2/tool_calls/0/function",
      keyword: "required",
      params: { missingProperty: "arguments" },
    },
    "invalid-unknown-role.json": { instancePath: "/messages/3", keyword: "discriminator", params: { tagValue: "tool_result" } },
  },
  "anthropic-messages": {
    "invalid-empty-text-block.json": { instancePath: "/messages/2/content/0/content/0/text", keyword: "minLength", params: { limit: 1 } },
    "invalid-tool-use-id-pattern.json": { instancePath: "/messages/2/content/0/tool_use_id", keyword: "pattern" },
    "invalid-missing-tool-use-id.json": { instancePath: "/messages/2/content/0", keyword: "required", params: { missingProperty: "tool_use_id" } },
    "invalid-tool-result-extra-key.json": {
      instancePath: "/messages/2/content/0",
      keyword: "additionalProperties",
      params: { additionalProperty: "name" },
    },
    "invalid-image-media-type.json": { instancePath: "/messages/2/content/0/content/0/source/media_type", keyword: "enum" },
    "invalid-is-error-string.json": { instancePath: "/messages/2/content/0/is_error", keyword: "type", params: { type: "boolean" } },
  },
  "google-gemini": {
    "invalid-function-response-without-name.json": {
      instancePath: "/contents/2/parts/0/functionResponse",
      keyword: "required",
      params: { missingProperty: "name" },
    },
    "invalid-function-response-string-response.json": {
      instancePath: "/contents/2/parts/0/functionResponse/response",
      keyword: "type",
      params: { type: "object" },
    },
    "invalid-part-two-data-fields.json": { instancePath: "/contents/2/parts/0", keyword: "oneOf", params: { passingSchemas: null } },
    "invalid-role-tool.json": { instancePath: "/contents/2/role", keyword: "enum" },
    "invalid-function-response-part-file-data.json": {
      instancePath: "/contents/2/parts/0/functionResponse/parts/0",
      keyword: "required",
      params: { missingProperty: "inlineData" },
    },
  },
  "openai-responses": {
    "invalid-missing-call-id.json": { instancePath: "/input/3", keyword: "required", params: { missingProperty: "call_id" } },
    "invalid-call-id-too-long.json": { instancePath: "/input/3/call_id", keyword: "maxLength", params: { limit: 64 } },
    "invalid-image-url-object.json": { instancePath: "/input/3/output/0/image_url", keyword: "type", params: { type: "string" } },
    "invalid-chat-style-text-part.json": { instancePath: "/input/3/output/0", keyword: "discriminator", params: { tagValue: "text" } },
    "invalid-missing-output.json": { instancePath: "/input/3", keyword: "required", params: { missingProperty: "output" } },
  },
};

type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

function readJson(url: URL): unknown {
  return JSON.parse(readFileSync(url, "utf8"));
}

function loadSchema(protocol: Protocol): JsonObject {
  const schema = readJson(new URL(`wire/${protocol}.json`, schemasDir));
  if (!isObject(schema)) throw new Error(`${protocol}: schema is not an object`);
  return schema;
}

function compile(protocol: Protocol) {
  const ajv = new Ajv2020({ strict: true, discriminator: true, allErrors: false });
  return ajv.compile(loadSchema(protocol));
}

function exampleFiles(protocol: Protocol, prefix: "valid-" | "invalid-"): string[] {
  const dir = new URL(`examples/wire-${protocol}/`, schemasDir);
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".json"))
    .sort();
}

function loadExample(protocol: Protocol, name: string): unknown {
  return readJson(new URL(`examples/wire-${protocol}/${name}`, schemasDir));
}

/** Every subschema under a `properties` keyword, with its JSON pointer. */
function propertySchemas(node: unknown, pointer = ""): Array<{ pointer: string; schema: unknown }> {
  const found: Array<{ pointer: string; schema: unknown }> = [];
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      found.push(...propertySchemas(item, `${pointer}/${index}`));
    });
    return found;
  }
  if (!isObject(node)) return found;
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties" && isObject(value)) {
      for (const [name, schema] of Object.entries(value)) {
        found.push({ pointer: `${pointer}/properties/${name}`, schema });
        found.push(...propertySchemas(schema, `${pointer}/properties/${name}`));
      }
    } else {
      found.push(...propertySchemas(value, `${pointer}/${key}`));
    }
  }
  return found;
}

/** The description of a property schema: its own, or that of the local $def it refers to. */
function describedBy(schema: unknown, root: JsonObject): string | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.description === "string") return schema.description;
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#/$defs/")) {
    const defs = root.$defs;
    const target = isObject(defs) ? defs[schema.$ref.slice("#/$defs/".length)] : undefined;
    return isObject(target) && typeof target.description === "string" ? target.description : undefined;
  }
  return undefined;
}

/** Every `title` anywhere in a schema. */
function titles(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(titles);
  if (!isObject(node)) return [];
  const own = typeof node.title === "string" ? [node.title] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => (key === "properties" ? Object.values(value as JsonObject).flatMap(titles) : titles(value)))];
}

function matches(error: ErrorObject, expected: Rejection): boolean {
  if (error.instancePath !== expected.instancePath || error.keyword !== expected.keyword) return false;
  const params = error.params as Record<string, unknown>;
  return Object.entries(expected.params ?? {}).every(([key, value]) => params[key] === value);
}

describe("wire schemas", () => {
  it("have unique titles across the four protocols (they become generated type names)", () => {
    const all = PROTOCOLS.flatMap((protocol) => titles(loadSchema(protocol)));
    const duplicates = all.filter((title, index) => all.indexOf(title) !== index);
    expect(duplicates).toEqual([]);
  });

  for (const protocol of PROTOCOLS) {
    describe(protocol, () => {
      it("has the $id, title and $defs titles the generators rely on", () => {
        const schema = loadSchema(protocol);
        expect(schema.$id).toBe(`https://correx.dev/schemas/wire/${protocol}.json`);
        expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
        expect(typeof schema.title).toBe("string");
        const defs = schema.$defs;
        expect(isObject(defs)).toBe(true);
        for (const [name, def] of Object.entries(defs as JsonObject)) {
          expect(isObject(def) ? def.title : undefined, `$defs/${name}`).toBe(name);
        }
      });

      it("describes every property", () => {
        const schema = loadSchema(protocol);
        const undescribed = propertySchemas(schema)
          .filter(({ schema: property }) => describedBy(property, schema) === undefined)
          .map(({ pointer }) => pointer);
        expect(undescribed).toEqual([]);
      });

      it("compiles with ajv strict mode and discriminators", () => {
        expect(() => compile(protocol)).not.toThrow();
      });

      it("has at least four valid and four invalid examples, each invalid one with its expected reason", () => {
        const valid = exampleFiles(protocol, "valid-");
        const invalid = exampleFiles(protocol, "invalid-");
        expect(valid.length).toBeGreaterThanOrEqual(4);
        expect(invalid.length).toBeGreaterThanOrEqual(4);
        expect(invalid).toEqual(Object.keys(EXPECTED_REJECTIONS[protocol]).sort());
      });

      const validate = compile(protocol);

      for (const name of exampleFiles(protocol, "valid-")) {
        it(`accepts ${name}`, () => {
          const ok = validate(loadExample(protocol, name));
          expect(validate.errors ?? []).toEqual([]);
          expect(ok).toBe(true);
        });
      }

      for (const name of exampleFiles(protocol, "invalid-")) {
        it(`rejects ${name} for the reason its name gives`, () => {
          const expected = EXPECTED_REJECTIONS[protocol][name];
          expect(expected, `no expected rejection listed for ${name}`).toBeDefined();
          const ok = validate(loadExample(protocol, name));
          expect(ok).toBe(false);
          const errors = validate.errors ?? [];
          const summary = errors.map((error) => `${error.instancePath} ${error.keyword} ${JSON.stringify(error.params)}`);
          expect(
            errors.some((error) => matches(error, expected as Rejection)),
            `expected ${expected?.keyword} at ${expected?.instancePath}; got:\n${summary.join("\n")}`,
          ).toBe(true);
        });
      }
    });
  }
});

describe("check-provider-specs", () => {
  const script = fileURLToPath(new URL("../scripts/check-provider-specs.mjs", import.meta.url));
  const specsDir = fileURLToPath(new URL("../../shared/provider-specs/", import.meta.url));

  it("reads REQUIRED fields and oneof members from a .proto, skipping nested enums", () => {
    const proto = [
      "message FunctionResponse {",
      "  enum Scheduling {",
      "    // This value is unused.",
      "    SCHEDULING_UNSPECIFIED = 0;",
      "    SILENT = 1;",
      "  }",
      "  string id = 3 [(google.api.field_behavior) = OPTIONAL];",
      "  // Required. The name.",
      "  string name = 1 [(google.api.field_behavior) = REQUIRED];",
      "  google.protobuf.Struct response = 2 [(google.api.field_behavior) = REQUIRED];",
      "  repeated FunctionResponsePart parts = 8",
      "      [(google.api.field_behavior) = OPTIONAL];",
      "}",
      "message Part {",
      "  oneof data {",
      "    string text = 2;",
      "    Blob inline_data = 3;",
      "  }",
      "  bool thought = 11 [(google.api.field_behavior) = OPTIONAL];",
      "}",
    ].join("\n");
    const messages = readProtoMessages(proto);
    expect(messages.FunctionResponse).toEqual({
      fields: [
        { name: "id", required: false },
        { name: "name", required: true },
        { name: "response", required: true },
        { name: "parts", required: false },
      ],
      oneofs: {},
    });
    expect(messages.Part.oneofs).toEqual({ data: ["text", "inlineData"] });
    expect(messages.Part.fields.map((field) => field.name)).toEqual(["text", "inlineData", "thought"]);
  });

  it("infers the protocol from a wire-<protocol> folder, else from the body's shape", () => {
    expect(inferProtocol("x/wire-openai-responses/a.json", {})).toBe("openai-responses");
    expect(inferProtocol("a.json", { contents: [] })).toBe("google-gemini");
    expect(inferProtocol("a.json", { input: [] })).toBe("openai-responses");
    expect(inferProtocol("a.json", { messages: [{ role: "tool", tool_call_id: "c", content: "x" }] })).toBe("openai-chat");
    expect(inferProtocol("a.json", { messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t" }] }] })).toBe("anthropic-messages");
  });

  it("finds the tool-result fragments of each protocol", () => {
    const chat = loadExample("openai-chat", "valid-image-moved-to-user-message.json");
    expect(toolResultFragments("openai-chat", chat).map((f: { pointer: string; schema: string }) => `${f.pointer} ${f.schema}`)).toEqual([
      "/messages/3 ChatCompletionRequestToolMessage",
      "/messages/4 ChatCompletionRequestUserMessage",
    ]);
    const gemini = loadExample("google-gemini", "valid-core-sibling-inline-data.json");
    expect(toolResultFragments("google-gemini", gemini).map((f: { pointer: string; schema: string }) => `${f.pointer} ${f.schema}`)).toEqual([
      "/contents/2/parts/0 Part",
      "/contents/2/parts/0/functionResponse FunctionResponse",
      "/contents/2/parts/1 Part",
    ]);
  });

  describe.skipIf(!existsSync(specsDir))("against the official specs in ../shared/provider-specs", () => {
    let validators: unknown;
    beforeAll(() => {
      validators = loadValidators(specsDir);
    }, 60_000);

    const check = (protocol: Protocol, value: unknown, schema: string, provider: string) => checkFragment(validators, protocol, { pointer: "", provider, schema, value }).status;

    for (const protocol of PROTOCOLS) {
      it(`finds every fragment of the valid ${protocol} examples conforming`, () => {
        for (const name of exampleFiles(protocol, "valid-")) {
          const fragments = toolResultFragments(protocol, loadExample(protocol, name));
          expect(fragments.length, name).toBeGreaterThan(0);
          for (const fragment of fragments) {
            expect(checkFragment(validators, protocol, fragment), `${name}#${fragment.pointer}`).toEqual({ status: "ok", detail: "" });
          }
        }
      });
    }

    it("reports the AI SDK's empty Anthropic text block as a known exception, not a failure", () => {
      const block = { type: "tool_result", tool_use_id: "toolu_01A", content: [{ type: "text", text: "" }] };
      expect(check("anthropic-messages", block, "RequestToolResultBlock", "anthropic")).toBe("known");
    });

    it("does not let a known exception hide a second problem", () => {
      const block = { type: "tool_result", tool_use_id: "call:1", content: [{ type: "text", text: "" }] };
      expect(check("anthropic-messages", block, "RequestToolResultBlock", "anthropic")).toBe("fail");
    });

    it("fails a Gemini functionResponse without name (REQUIRED in the proto, absent from the discovery file)", () => {
      expect(check("google-gemini", { response: { content: "x" } }, "FunctionResponse", "gemini")).toBe("fail");
      expect(check("google-gemini", { name: "bash", response: { content: "x" } }, "FunctionResponse", "gemini")).toBe("ok");
    });

    it("fails a Gemini part with two data fields (the proto's oneof data)", () => {
      const part = { text: "x", functionResponse: { name: "bash", response: {} } };
      expect(check("google-gemini", part, "Part", "gemini")).toBe("fail");
    });

    it("fails an image part in an OpenAI tool message, and a Responses call_id over 64 characters", () => {
      const tool = { role: "tool", tool_call_id: "call_1", content: [{ type: "image_url", image_url: { url: "https://example.com/a.png" } }] };
      expect(check("openai-chat", tool, "ChatCompletionRequestToolMessage", "openai")).toBe("fail");
      const output = { type: "function_call_output", call_id: "c".repeat(65), output: "x" };
      expect(check("openai-responses", output, "FunctionCallOutputItemParam", "openai")).toBe("fail");
    });

    it("exits 1 when a fragment does not conform, printing one FAIL line for it", () => {
      const file = fileURLToPath(new URL("../schemas/examples/wire-anthropic-messages/invalid-missing-tool-use-id.json", import.meta.url));
      const run = spawnSync(process.execPath, [script, specsDir, file], { encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/^FAIL .*invalid-missing-tool-use-id\.json#\/messages\/2\/content\/0 RequestToolResultBlock: /m);
      expect(run.stdout).toMatch(/^1 fragments: 0 ok, 0 known exceptions, 1 failed$/m);
    }, 60_000);
  });

  it("exits 2 on a usage error", () => {
    const run = spawnSync(process.execPath, [script, "--protocol", "smtp"], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("check-provider-specs: unknown protocol smtp (one of openai-chat, anthropic-messages, google-gemini, openai-responses)\n");
  });
});
