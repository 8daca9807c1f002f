import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { checkFragment } from "../scripts/provider-specs/check-fragment.mjs";
import { goldenBodies } from "../scripts/provider-specs/golden-bodies.mjs";
import { KNOWN_EXCEPTIONS } from "../scripts/provider-specs/known-exceptions.mjs";
import { loadValidators } from "../scripts/provider-specs/load-specs.mjs";
import { messageFragments, toolResultFragments } from "../scripts/provider-specs/wire-fragments.mjs";

const specsDir = fileURLToPath(new URL("../../shared/provider-specs/", import.meta.url));
const goldenRoot = fileURLToPath(new URL("../golden/", import.meta.url));

interface Fragment {
  pointer: string;
  provider: string;
  schema: string;
  value: unknown;
}

/**
 * For each known exception, the fragment its client sends, written from the source the exception
 * cites (../shared/spec/ai-sdk-and-provider-apis.md "Where the SDK and the specs disagree", and
 * test/lower-oracle.test.ts for the Responses items), and a second, unrelated difference to plant in it.
 */
const clientFragments: Record<string, { protocol: string; fragment: Fragment; plant: (value: any) => unknown }> = {
  // disagreement 4: an empty text part of a tool result becomes {type:'text', text:''}
  "anthropic-empty-text-block": {
    protocol: "anthropic-messages",
    fragment: { pointer: "", provider: "anthropic", schema: "RequestToolResultBlock", value: { type: "tool_result", tool_use_id: "toolu_01A", content: [{ type: "text", text: "" }] } },
    plant: (block) => ({ ...block, is_error: "yes" }),
  },
  // disagreement 10: a replayed Gemini 3 call carries the documented sentinel, not base64
  "gemini-thought-signature-sentinel": {
    protocol: "google-gemini",
    fragment: {
      pointer: "",
      provider: "gemini",
      schema: "Part",
      value: { functionCall: { name: "bash", args: { command: "ls" } }, thoughtSignature: "skip_thought_signature_validator" },
    },
    plant: (part) => ({ ...part, text: "a second data field" }),
  },
  // @ai-sdk/openai 3.0.88 with store:false replays assistant text without id, status, annotations, logprobs
  "openai-responses-replayed-assistant-text": {
    protocol: "openai-responses",
    fragment: { pointer: "", provider: "openai", schema: "InputItem", value: { role: "assistant", content: [{ type: "output_text", text: "Done." }] } },
    plant: (item) => ({ ...item, content: [{ type: "output_text", text: 42 }] }),
  },
  // @ai-sdk/openai 3.0.88 sends a user image without detail unless providerOptions.openai.imageDetail is set
  "openai-responses-input-image-without-detail": {
    protocol: "openai-responses",
    fragment: {
      pointer: "",
      provider: "openai",
      schema: "InputItem",
      value: { role: "user", content: [{ type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=" }] },
    },
    plant: (item) => ({ ...item, role: "robot" }),
  },
};

const exceptions = KNOWN_EXCEPTIONS;
const without = (id: string) => exceptions.filter((exception) => exception.id !== id);

describe.skipIf(!existsSync(specsDir))("check-provider-specs: the known exceptions, against ../shared/provider-specs", () => {
  let validators: unknown;
  beforeAll(() => {
    validators = loadValidators(specsDir);
  }, 60_000);

  it("every listed exception has its client's fragment here, and every fragment here its exception", () => {
    expect(exceptions.map((exception) => exception.id).sort()).toEqual(Object.keys(clientFragments).sort());
  });

  for (const exception of exceptions) {
    describe(exception.id, () => {
      const entry = clientFragments[exception.id];
      const { protocol, fragment, plant } = entry ?? { protocol: "", fragment: { pointer: "", provider: "", schema: "", value: null }, plant: (value: unknown) => value };

      it("the official spec rejects what the client sends (the disagreement is real)", () => {
        expect(entry, `no client fragment for ${exception.id} in this test`).toBeDefined();
        expect(protocol).toBe(exception.protocol);
        expect(checkFragment(validators, protocol, fragment, []).status).toBe("fail");
      });

      it("is needed: with it the fragment is a known exception, without it (all others kept) the check fails", () => {
        const known = checkFragment(validators, protocol, fragment);
        expect(known.status).toBe("known");
        expect(known.exception).toBe(exception.id);
        expect(checkFragment(validators, protocol, fragment, without(exception.id)).status).toBe("fail");
      });

      it("an unknown difference beside it is reported as a failure, not hidden", () => {
        const planted = { ...fragment, value: plant(structuredClone(fragment.value)) };
        const result = checkFragment(validators, protocol, planted);
        expect(result.status).toBe("fail");
        expect(result.detail).not.toBe("");
      });
    });
  }

  it("over the golden corpus: nothing fails, and each exception the corpus meets is needed there (without it the check fails)", () => {
    const { bodies } = goldenBodies(goldenRoot) as { bodies: { protocol: string; body: unknown }[] };
    const knownBy = new Map<string, { protocol: string; fragment: Fragment }[]>();
    let failed = 0;
    for (const { protocol, body } of bodies) {
      for (const fragment of [...toolResultFragments(protocol, body), ...messageFragments(protocol, body)] as Fragment[]) {
        const result = checkFragment(validators, protocol, fragment);
        if (result.status === "fail") failed++;
        const id = result.exception ?? "";
        if (result.status === "known") knownBy.set(id, [...(knownBy.get(id) ?? []), { protocol, fragment }]);
      }
    }
    expect(failed).toBe(0);
    // The corpus meets two exceptions today (the Gemini CLI goldens replay thought signatures); the others are needed for their clients' fragments above.
    expect([...knownBy.keys()].sort()).toEqual(["gemini-thought-signature-sentinel", "openai-responses-replayed-assistant-text"]);
    for (const [id, met] of knownBy) {
      const failing = met.filter(({ protocol, fragment }) => checkFragment(validators, protocol, fragment, without(id)).status === "fail");
      expect(failing.length, id).toBe(met.length);
    }
  }, 60_000);
});
