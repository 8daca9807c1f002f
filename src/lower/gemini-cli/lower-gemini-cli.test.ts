import { describe, expect, it } from "vitest";
import { loadValidator } from "../../schema/load-validator.js";
import { lowerGeminiTurn } from "./lower-gemini-cli.js";

describe("lowerGeminiTurn (docs/spec/gemini-cli-0.61.0.md §1)", () => {
  it("§1.2, §1.3, §1.5: the calls with the thought signature on the first only, then each response (name, response, id) followed by its sibling parts", async () => {
    const body = lowerGeminiTurn(
      "Do it.",
      [
        {
          tool: "read_file",
          input: { file_path: "a.png" },
          result: { response: { output: "Binary content provided (1 item(s))." }, parts: [{ inlineData: { data: "AA==", mimeType: "image/png" } }] },
        },
        { tool: "no_such_tool", input: {}, result: { response: { error: 'Tool "no_such_tool" not found.' } } },
      ],
      1796141746042,
    );
    expect(JSON.stringify(body)).toBe(
      '{"contents":[{"parts":[{"text":"Do it."}],"role":"user"},' +
        '{"parts":[{"functionCall":{"id":"read_file_1796141746042_0","args":{"file_path":"a.png"},"name":"read_file"},"thoughtSignature":"skip_thought_signature_validator"},' +
        '{"functionCall":{"id":"no_such_tool_1796141746042_1","args":{},"name":"no_such_tool"}}],"role":"model"},' +
        '{"parts":[{"functionResponse":{"name":"read_file","response":{"output":"Binary content provided (1 item(s))."},"id":"read_file_1796141746042_0"}},' +
        '{"inlineData":{"data":"AA==","mimeType":"image/png"}},' +
        '{"functionResponse":{"name":"no_such_tool","response":{"error":"Tool \\"no_such_tool\\" not found."},"id":"no_such_tool_1796141746042_1"}}],"role":"user"}]}',
    );
    const validate = await loadValidator("wire/google-gemini");
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it("§1.5: audio and video parts follow every response of the turn, after the images' sibling parts (observed: gemini-unseen-read-kinds turn 2)", () => {
    const body = lowerGeminiTurn(
      "Read.",
      [
        {
          tool: "read_file",
          input: { file_path: "clip.mp4" },
          result: {
            response: { output: "Binary content (video/mp4) read successfully. Content will be injected for analysis in the next sequence." },
            deferredParts: [{ inlineData: { data: "AA==", mimeType: "video/mp4" } }],
          },
        },
        {
          tool: "read_file",
          input: { file_path: "a.jpg" },
          result: { response: { output: "Binary content provided (1 item(s))." }, parts: [{ inlineData: { data: "/w==", mimeType: "image/jpeg" } }] },
        },
      ],
      7,
    );
    const parts = (body.contents[2] as { parts: unknown[] }).parts;
    expect(parts.map((part) => Object.keys(part as object)[0])).toEqual(["functionResponse", "functionResponse", "inlineData", "inlineData"]);
    expect(parts.slice(2)).toEqual([{ inlineData: { data: "/w==", mimeType: "image/jpeg" } }, { inlineData: { data: "AA==", mimeType: "video/mp4" } }]);
  });
  it("§16.5: update_topic is answered first wherever its call stands, its id keeping its index; a position given names the id's index", () => {
    const result = (output: string) => ({ response: { output } });
    const body = lowerGeminiTurn("go", [
      { tool: "read_file", input: {}, result: result("a") },
      { tool: "update_topic", input: { strategic_intent: "x" }, result: result("t"), position: 1 },
      { tool: "glob", input: { pattern: "*" }, result: result("g"), position: 3 },
    ]);
    const responses = (body.contents[2] as { parts: { functionResponse: { name: string; id: string } }[] }).parts.map((part) => part.functionResponse.id);
    expect(responses).toEqual(["update_topic_0_1", "read_file_0_0", "glob_0_3"]);
    const calls = (body.contents[1] as { parts: { functionCall: { id: string } }[] }).parts.map((part) => part.functionCall.id);
    expect(calls).toEqual(["read_file_0_0", "update_topic_0_1", "glob_0_3"]);
  });
});
