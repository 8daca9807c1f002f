import { describe, expect, it } from "vitest";
import { anthropicMessagesFrames, anthropicMessagesJson } from "./anthropic-messages-reply.js";
import type { FakeTurn } from "./fake-turn.js";

const context = { model: "claude-test", includeUsage: false, pieceSize: 10 };
const toolTurn: FakeTurn = { index: 0, text: null, calls: [{ id: "toolu_1_1", name: "bash", arguments: '{"command":"echo hi"}' }], fault: null };
const start =
  'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_correx_1","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":100,"output_tokens":1}}}\n\n' +
  'event: ping\ndata: {"type": "ping"}\n\n';

describe("anthropic-messages streaming frames (MessageStreamEvent)", () => {
  it("streams a tool_use block: start with id, name and empty input, input_json_delta pieces after an empty one, stop; then stop_reason tool_use", () => {
    expect(anthropicMessagesFrames(toolTurn, context).join("")).toBe(
      start +
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1_1","name":"bash","input":{}}}\n\n' +
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":""}}\n\n' +
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"command\\""}}\n\n' +
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":":\\"echo hi\\""}}\n\n' +
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"}"}}\n\n' +
        'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
        'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":20}}\n\n' +
        'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
  });

  it("streams a final text as a text block of text_delta pieces, ending with end_turn", () => {
    expect(anthropicMessagesFrames({ index: 0, text: "Done.", calls: [], fault: null }, context).join("")).toBe(
      start +
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Done."}}\n\n' +
        'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
        'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":20}}\n\n' +
        'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
  });

  it("numbers text and parallel tool_use blocks 0, 1, 2", () => {
    const frames = anthropicMessagesFrames({ index: 0, text: "Hi", calls: [toolTurn.calls[0], { id: "toolu_1_2", name: "read", arguments: "{}" }], fault: null }, { ...context, pieceSize: 100 });
    expect(frames.filter((frame) => frame.startsWith("event: content_block_start"))).toEqual([
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n',
      'event: content_block_start\ndata: {"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1_1","name":"bash","input":{}}}\n\n',
      'event: content_block_start\ndata: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_1_2","name":"read","input":{}}}\n\n',
    ]);
  });
});

describe("anthropic-messages JSON body (Message)", () => {
  it("holds tool_use blocks with the parsed input and stop_reason tool_use", () => {
    expect(JSON.stringify(anthropicMessagesJson(toolTurn, context))).toBe(
      '{"id":"msg_correx_1","type":"message","role":"assistant","model":"claude-test","content":[{"type":"tool_use","id":"toolu_1_1","name":"bash","input":{"command":"echo hi"}}],"stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":100,"output_tokens":20}}',
    );
  });
});
