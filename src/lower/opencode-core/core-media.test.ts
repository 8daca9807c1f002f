import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateMedia } from "./core-media.js";

const IMAGES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const ENCODED = 29_360_128;
const DECODED = 20_971_520;

/** The checks of spec §4.3 in their order, written the plain way (full regex scans), as the oracle. */
function plainValidateMedia(route: string, mediaType: string, data: string): string {
  const mime = mediaType.toLowerCase();
  if (!IMAGES.includes(mime)) return `${route} does not support media type ${mediaType}`;
  let base64 = data;
  if (data.startsWith("data:")) {
    const match = /^data:([^;,]+);base64,([A-Za-z0-9+/]*={0,2})$/s.exec(data);
    if (!match) return `${route} media must contain valid base64`;
    if (match[1]!.toLowerCase() !== mime) return `${route} media type ${mediaType} does not match data URL type ${match[1]}`;
    base64 = match[2]!;
  }
  if (new TextEncoder().encode(base64).length > ENCODED) return `${route} media exceeds the ${ENCODED} byte encoded limit`;
  if (!base64 || base64.length % 4 !== 0 || !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(base64)) return `${route} media must contain valid base64`;
  const binary = atob(base64);
  if (binary.length > DECODED) return `${route} media exceeds the ${DECODED} byte decoded limit`;
  if (btoa(binary) !== base64) return `${route} media must contain canonical base64`;
  return "ok";
}

const outcome = (mediaType: string, data: string) => {
  try {
    validateMedia("OpenAI Chat", mediaType, data, IMAGES);
    return "ok";
  } catch (error) {
    return (error as Error).message;
  }
};

const base64Text = fc.uint8Array({ maxLength: 40 }).map((bytes) => btoa(String.fromCharCode(...bytes)));
const mutated = fc.tuple(base64Text, fc.nat(), fc.constantFrom("", "=", "==", " ", "\n", "*", "-", "_", "A", "Q", "B")).map(([text, at, insert]) => {
  const index = text.length === 0 ? 0 : at % (text.length + 1);
  return text.slice(0, index) + insert + text.slice(index);
});
const payload = fc.oneof(base64Text, mutated, base64Text.map((text) => text.replace(/=+$/, "")));
const data = fc.oneof(
  payload,
  fc.tuple(fc.constantFrom("image/png", "IMAGE/PNG", "image/gif", "text/plain"), payload).map(([type, body]) => `data:${type};base64,${body}`),
  fc.constantFrom("data:image/png,abc", "data:;base64,AAAA", ""),
);

describe("validateMedia keeps the §4.3 checks and their order while scanning large media once", () => {
  it("gives the same outcome as the plain, regex-per-check version for any input", () => {
    fc.assert(
      fc.property(fc.constantFrom("image/png", "image/PNG", "image/gif", "application/pdf"), data, (mediaType, value) => {
        expect(outcome(mediaType, value)).toBe(plainValidateMedia("OpenAI Chat", mediaType, value));
      }),
      { numRuns: 10_000 },
    );
  });
});
