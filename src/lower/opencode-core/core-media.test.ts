import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { validateMedia } from "./core-media.js";

const IMAGES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const ENCODED = 29_360_128;
const DECODED = 20_971_520;

/**
 * The checks of `ProviderShared.validateMedia` in the 1.18.33 bundle (spec §4.3 names them, the bundle
 * gives the texts and the order), written the plain way with a full regex scan per check, as the oracle.
 */
function plainValidateMedia(route: string, mediaType: string, data: string): string {
  const mime = mediaType.toLowerCase();
  if (!IMAGES.includes(mime)) return `${route} does not support media type ${mediaType}`;
  let base64: string;
  if (data.startsWith("data:")) {
    const match = /^data:([^;,]+);base64,([A-Za-z0-9+/]*={0,2})$/s.exec(data);
    if (!match) return `${route} media data URL must contain valid base64`;
    if (match[1]!.toLowerCase() !== mime) return `${route} media type ${mediaType} does not match data URL type ${match[1]}`;
    base64 = match[2]!;
  } else base64 = data;
  if (Buffer.byteLength(base64, "utf8") > ENCODED) return `${route} media exceeds the ${ENCODED} byte encoded limit`;
  if (!base64 || base64.length % 4 !== 0 || !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(base64)) return `${route} media must contain valid base64`;
  const bytes = Buffer.from(base64, "base64");
  if (bytes.byteLength > DECODED) return `${route} media exceeds the ${DECODED} byte decoded limit`;
  if (bytes.toString("base64") !== base64) return `${route} media must contain canonical base64`;
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
const mutated = fc
  .tuple(base64Text, fc.nat(), fc.constantFrom("", "=", "==", "===", " ", "\n", "*", "-", "_", "A", "Q", "B", ";", ",", "\u00e9", "\u{1F600}", "\u0141", "\u012b", "\u0100", "\u00ff", "\u0000"))
  .map(([text, at, insert]) => {
    const index = text.length === 0 ? 0 : at % (text.length + 1);
    return text.slice(0, index) + insert + text.slice(index);
  });
/** Canonical text whose last data character is replaced: non-zero bits before the padding, often. */
const lastCharChanged = fc.tuple(base64Text, fc.constantFrom(..."ABCDQRSTgwxy0189+/")).map(([text, char]) => {
  const at = text.replace(/=+$/, "").length - 1;
  return at < 0 ? text : text.slice(0, at) + char + text.slice(at + 1);
});
const payload = fc.oneof(
  base64Text,
  mutated,
  lastCharChanged,
  base64Text.map((text) => text.replace(/=+$/, "")),
);
const urlType = fc.constantFrom("image/png", "IMAGE/PNG", "image/gif", "text/plain", "image/png\n", `image/${"x".repeat(400)}`);
const data = fc.oneof(
  payload,
  fc.tuple(urlType, payload).map(([type, body]) => `data:${type};base64,${body}`),
  fc.constantFrom("data:image/png,abc", "data:;base64,AAAA", "data:image/png;base64", "data:image/png;charset=utf-8;base64,AAAA", "data:", "", "DATA:image/png;base64,AAAA"),
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

describe("validateMedia (§4.3) without Node's Buffer (a host with only the web APIs)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("gives the same outcome as the plain version through the atob/btoa round trip", () => {
    const plain = (mediaType: string, value: string) => plainValidateMedia("OpenAI Chat", mediaType, value);
    const cases = fc.sample(fc.tuple(fc.constantFrom("image/png", "image/PNG", "application/pdf"), data), { numRuns: 2_000, seed: 7 });
    const expected = cases.map(([mediaType, value]) => plain(mediaType, value));
    vi.stubGlobal("Buffer", undefined);
    expect(cases.map(([mediaType, value]) => outcome(mediaType, value))).toEqual(expected);
  });
});

describe("validateMedia (§4.3) on media longer than one decode chunk (65,536 characters)", () => {
  const longBase64 = fc
    .integer({ min: 40_000, max: 160_000 })
    .chain((size) => fc.tuple(fc.constant(size), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: size - 1 })))
    .map(([size, fill, at]) => {
      const bytes = Buffer.alloc(size, fill);
      bytes[at] = (fill + 1) & 0xff;
      return bytes.toString("base64");
    });
  const longMutated = fc
    .tuple(
      longBase64,
      fc.oneof(fc.nat(), fc.constantFrom(65_535, 65_536, 65_537, 131_071, 131_072)),
      fc.constantFrom("", "=", "==", " ", "\n", "*", "-", "_", "A", "Q", "\u00e9", "\u0141", "\u{1F600}"),
      fc.boolean(),
    )
    .map(([text, at, insert, replace]) => {
      const index = at % (text.length + 1);
      return text.slice(0, index) + insert + text.slice(index + (replace ? insert.length : 0));
    });

  it("gives the same outcome as the plain version, mutations at chunk boundaries included", () => {
    fc.assert(
      fc.property(fc.oneof(longBase64, longMutated), fc.boolean(), (payload, asDataUrl) => {
        const value = asDataUrl ? `data:image/png;base64,${payload}` : payload;
        expect(outcome("image/png", value)).toBe(plainValidateMedia("OpenAI Chat", "image/png", value));
      }),
      { numRuns: 500 },
    );
  });
});

describe("validateMedia on media past the encoded limit (one scan; order from the 1.18.33 bundle)", () => {
  const big = "A".repeat(ENCODED + 4);
  it("reports the encoded limit for a well-formed data URL and for raw base64 with a bad character", () => {
    expect(outcome("image/png", `data:image/png;base64,${big}`)).toBe("OpenAI Chat media exceeds the 29360128 byte encoded limit");
    expect(outcome("image/png", `${big}*`)).toBe("OpenAI Chat media exceeds the 29360128 byte encoded limit");
  });
  it("reports the data URL error first when the payload has a bad character, even with another type", () => {
    expect(outcome("image/png", `data:image/png;base64,${big}*`)).toBe("OpenAI Chat media data URL must contain valid base64");
    expect(outcome("image/png", `data:image/gif;base64,${big}*`)).toBe("OpenAI Chat media data URL must contain valid base64");
    expect(outcome("image/png", `data:image/gif;base64,${big}`)).toBe("OpenAI Chat media type image/png does not match data URL type image/gif");
  });
});
