import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { checkFragment, goldenBodies, loadValidators, messageFragments, expandGenerators as scriptExpand } from "../scripts/check-provider-specs.mjs";
import type { Validator } from "../src/generated/validator.js";
import { expandGenerators } from "../src/golden/expand-generators.js";
import { parseGoldenYaml } from "../src/golden/golden-yaml.js";
import type { Protocol } from "../src/lower/lowering-result.js";
import { loadValidator } from "../src/schema/load-validator.js";

const protocols: Protocol[] = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"];
const goldenRoot = fileURLToPath(new URL("../golden/", import.meta.url));
const script = fileURLToPath(new URL("../scripts/check-provider-specs.mjs", import.meta.url));
const specsDir = fileURLToPath(new URL("../../shared/provider-specs/", import.meta.url));

interface CorpusBody {
  file: string;
  protocol: Protocol;
  body: unknown;
}
const corpus = goldenBodies(goldenRoot) as { bodies: CorpusBody[]; refusals: number };

describe("every lowering golden body validates against schemas/wire/ (issue 5, Done-when 2)", () => {
  const validators = new Map<Protocol, Validator>();
  beforeAll(async () => {
    for (const protocol of protocols) validators.set(protocol, await loadValidator(`wire/${protocol}`));
  });

  it("reads the whole corpus: one body per golden and protocol, refusals aside", () => {
    let expected = 0;
    for (const profile of readdirSync(goldenRoot)) {
      const dir = new URL(`../golden/${profile}/lower/`, import.meta.url);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).filter((file) => file.endsWith(".yaml"))) {
        const golden = parseGoldenYaml(readFileSync(new URL(name, dir), "utf8")) as { expected: Record<string, unknown> };
        expected += Object.keys(golden.expected).length;
      }
    }
    expect(corpus.bodies.length + corpus.refusals).toBe(expected);
    expect(corpus.bodies.length).toBeGreaterThan(300);
  });

  for (const protocol of protocols) {
    it(`${protocol}: every body`, () => {
      const validate = validators.get(protocol)!;
      const bodies = corpus.bodies.filter((entry) => entry.protocol === protocol);
      expect(bodies.length).toBeGreaterThan(20);
      for (const entry of bodies) expect(validate(entry.body), `${entry.file}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    });
  }
});

describe("check-provider-specs: its copy of the golden generators", () => {
  it("expands every golden exactly as src/golden/expand-generators.ts does", () => {
    for (const entry of corpus.bodies) {
      const golden = parseGoldenYaml(readFileSync(entry.file, "utf8")) as { expected: Record<string, unknown> };
      expect(JSON.stringify(entry.body)).toBe(JSON.stringify(expandGenerators(golden.expected[entry.protocol])));
    }
  });

  it("agrees with the source on random generator trees", () => {
    const leaf = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.record({ $repeat: fc.record({ text: fc.string({ maxLength: 3 }), count: fc.nat(4) }) }),
      fc.record({
        $lines: fc.record(
          { from: fc.integer({ min: -2, max: 3 }), to: fc.integer({ min: -2, max: 5 }), template: fc.constantFrom("{n}", "L{n}", "x"), separator: fc.constantFrom("\n", ",") },
          { requiredKeys: ["from", "to"] },
        ),
      }),
    );
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        leaf,
        fc.record({ $concat: fc.array(leaf, { maxLength: 3 }) }),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom("a", "b"), tie("node"), { maxKeys: 2 }),
      ),
    })).node;
    fc.assert(
      fc.property(tree, (value) => {
        expect(JSON.stringify(scriptExpand(value))).toBe(JSON.stringify(expandGenerators(value)));
      }),
    );
  });
});

describe("check-provider-specs: whole-body fragments", () => {
  it("names every message or item of the lowered fragment", () => {
    const pointers = (protocol: Protocol, body: unknown) => (messageFragments(protocol, body) as { pointer: string; schema: string }[]).map((f) => `${f.pointer} ${f.schema}`);
    expect(pointers("openai-chat", { messages: [{}, {}] })).toEqual(["/messages/0 ChatCompletionRequestMessage", "/messages/1 ChatCompletionRequestMessage"]);
    expect(pointers("openai-responses", { input: [{}] })).toEqual(["/input/0 InputItem"]);
    expect(pointers("anthropic-messages", { system: [{}], messages: [{}] })).toEqual(["/system/0 RequestTextBlock", "/messages/0 InputMessage"]);
    expect(pointers("google-gemini", { contents: [{}], systemInstruction: {} })).toEqual(["/systemInstruction Content", "/contents/0 Content"]);
  });
});

describe.skipIf(!existsSync(specsDir))("check-provider-specs over the golden corpus, against ../shared/provider-specs", () => {
  let validators: unknown;
  beforeAll(() => {
    validators = loadValidators(specsDir);
  }, 60_000);
  const check = (protocol: Protocol, value: unknown, schema: string, provider: string) => checkFragment(validators, protocol, { pointer: "", provider, schema, value }).status;

  it("lists the AI SDK's replayed assistant text (no id/status) as a known exception, and only that", () => {
    const replayed = { role: "assistant", content: [{ type: "output_text", text: "Let me check." }] };
    expect(check("openai-responses", replayed, "InputItem", "openai")).toBe("known");
    expect(check("openai-responses", { ...replayed, role: "critic" }, "InputItem", "openai")).toBe("fail");
  });

  it("lists a user input_image without detail as a known exception", () => {
    const user = { role: "user", content: [{ type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=" }] };
    expect(check("openai-responses", user, "InputItem", "openai")).toBe("known");
    expect(check("openai-responses", { ...user, content: [{ type: "input_image", image_url: 7 }] }, "InputItem", "openai")).toBe("fail");
  });

  it("applies the Anthropic empty-text exception inside a whole user message too", () => {
    const message = { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "" }] }] };
    expect(check("anthropic-messages", message, "InputMessage", "anthropic")).toBe("known");
    expect(check("anthropic-messages", { ...message, content: [{ ...message.content[0], tool_use_id: "call:1" }] }, "InputMessage", "anthropic")).toBe("fail");
  });

  it("reads OpenAI's overlapping oneOf as anyOf: a user message with list content is valid", () => {
    expect(check("openai-responses", { role: "user", content: [{ type: "input_text", text: "go" }] }, "InputItem", "openai")).toBe("ok");
    expect(check("openai-chat", { role: "tool", tool_call_id: "c", content: [{ type: "image_url", image_url: { url: "x" } }] }, "ChatCompletionRequestToolMessage", "openai")).toBe("fail");
  });

  it("exits 0 on the corpus, naming each known exception it met", () => {
    const run = spawnSync(process.execPath, [script, specsDir, "--quiet"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(run.stderr).toBe("");
    expect(run.stdout).not.toMatch(/^FAIL /m);
    expect(run.stdout).toMatch(
      /^known exception: golden\/opencode-core\/lower\/conversation-system-user-assistant-tool\.yaml#openai-responses#\/input\/2 InputItem: openai-responses-replayed-assistant-text: /m,
    );
    expect(run.stdout).toMatch(/^\d+ bodies checked \(\d+ golden lowering refusals have no body\)$/m);
    expect(run.stdout).toMatch(/^\d+ fragments: \d+ ok, \d+ known exceptions, 0 failed$/m);
    expect(run.status).toBe(0);
  }, 120_000);
});
