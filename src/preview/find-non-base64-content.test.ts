import { describe, expect, it } from "vitest";
import { findNonBase64Content } from "./find-non-base64-content.js";

describe("findNonBase64Content", () => {
  it("finds a character no decoder takes in an image's data, an audio's data or an embedded resource's blob", () => {
    expect(findNonBase64Content([{ type: "image", data: "!!", mimeType: "image/png" }])).toEqual({ pointer: "/content/0/data", message: 'not base64 (character "!" at offset 0)' });
    expect(
      findNonBase64Content([
        { type: "text", text: "!!" },
        { type: "audio", data: "AAAA*", mimeType: "audio/wav" },
      ]),
    ).toEqual({
      pointer: "/content/1/data",
      message: 'not base64 (character "*" at offset 4)',
    });
    expect(findNonBase64Content([{ type: "resource", resource: { uri: "file:///a", blob: "AA\u202eAA" } }])).toEqual({
      pointer: "/content/0/resource/blob",
      message: 'not base64 (character "\\u202e" at offset 2)',
    });
  });

  it("takes empty data, padding, whitespace and the URL-safe alphabet, and leaves text, links and fields that are not strings alone", () => {
    const content = [
      { type: "image", data: "", mimeType: "image/png" },
      { type: "audio", data: "UklG\nRg==\t-_", mimeType: "audio/wav" },
      { type: "resource", resource: { uri: "file:///a", text: "not base64!" } },
      { type: "resource_link", uri: "file:///b", name: "b" },
      { type: "image", data: 5 },
      null,
    ];
    expect(findNonBase64Content(content)).toBeNull();
  });
});
