import { describe, expect, it } from "vitest";
import type { FakeTurn } from "./fake-turn.js";
import { openaiResponsesFrames, openaiResponsesJson } from "./openai-responses-reply.js";

const context = { model: "gpt-test", includeUsage: false, pieceSize: 10 };
const call = { id: "call_1_1", name: "bash", arguments: '{"command":"echo hi"}' };
const toolTurn: FakeTurn = { index: 0, text: null, calls: [call], fault: null };

const parse = (frame: string) => {
  const match = /^event: ([a-z._]+)\ndata: (.*)\n\n$/s.exec(frame);
  if (!match) throw new Error(`bad frame ${JSON.stringify(frame)}`);
  return { event: match[1], data: JSON.parse(match[2]) as Record<string, unknown> };
};

describe("openai-responses streaming frames (ResponseStreamEvent)", () => {
  it("sends a tool search as a client-executed tool_search_call item, added and done with its arguments object and nothing between (Codex CLI's deferred tools)", () => {
    const search: FakeTurn = { index: 0, text: null, calls: [{ id: "call_1_1", name: "tool_search", arguments: '{"query":"docs","limit":8}', toolSearch: true }], fault: null };
    const item = { id: "tsc_correx_1_1", type: "tool_search_call", status: "completed", call_id: "call_1_1", execution: "client", arguments: { query: "docs", limit: 8 } };
    const frames = openaiResponsesFrames(search, context).map(parse);
    expect(frames.map((frame) => frame.event)).toEqual(["response.created", "response.in_progress", "response.output_item.added", "response.output_item.done", "response.completed"]);
    expect(frames[2]!.data.item).toEqual(item);
    expect(frames[3]!.data.item).toEqual(item);
    expect((openaiResponsesJson(search, context) as { output: unknown[] }).output).toEqual([item]);
  });

  it("names a namespaced call's namespace on its function_call item (Codex CLI's MCP tools)", () => {
    const mcp: FakeTurn = { index: 1, text: null, calls: [{ id: "call_2_1", name: "lookup", arguments: "{}", namespace: "mcp__docs", called: "mcp__docs__lookup" }], fault: null };
    expect((openaiResponsesJson(mcp, context) as { output: unknown[] }).output).toEqual([
      { id: "fc_correx_2_1", type: "function_call", status: "completed", arguments: "{}", call_id: "call_2_1", name: "lookup", namespace: "mcp__docs" },
    ]);
  });

  it("frames every event as event: <type>⏎data: <json>⏎⏎ with the type repeated in data and sequence numbers 0…n", () => {
    const frames = openaiResponsesFrames(toolTurn, context).map(parse);
    expect(frames.map((frame) => frame.event)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(frames.map((frame) => frame.data.type)).toEqual(frames.map((frame) => frame.event));
    expect(frames.map((frame) => frame.data.sequence_number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("adds the function_call item with empty arguments, streams them in pieces, and closes it with the whole arguments", () => {
    const frames = openaiResponsesFrames(toolTurn, context);
    expect(frames.slice(2, 8).join("")).toBe(
      'event: response.output_item.added\ndata: {"type":"response.output_item.added","output_index":0,"item":{"id":"fc_correx_1_1","type":"function_call","status":"in_progress","arguments":"","call_id":"call_1_1","name":"bash"},"sequence_number":2}\n\n' +
        'event: response.function_call_arguments.delta\ndata: {"type":"response.function_call_arguments.delta","item_id":"fc_correx_1_1","output_index":0,"delta":"{\\"command\\"","sequence_number":3}\n\n' +
        'event: response.function_call_arguments.delta\ndata: {"type":"response.function_call_arguments.delta","item_id":"fc_correx_1_1","output_index":0,"delta":":\\"echo hi\\"","sequence_number":4}\n\n' +
        'event: response.function_call_arguments.delta\ndata: {"type":"response.function_call_arguments.delta","item_id":"fc_correx_1_1","output_index":0,"delta":"}","sequence_number":5}\n\n' +
        'event: response.function_call_arguments.done\ndata: {"type":"response.function_call_arguments.done","item_id":"fc_correx_1_1","name":"bash","output_index":0,"arguments":"{\\"command\\":\\"echo hi\\"}","sequence_number":6}\n\n' +
        'event: response.output_item.done\ndata: {"type":"response.output_item.done","output_index":0,"item":{"id":"fc_correx_1_1","type":"function_call","status":"completed","arguments":"{\\"command\\":\\"echo hi\\"}","call_id":"call_1_1","name":"bash"},"sequence_number":7}\n\n',
    );
  });

  it("ends with response.completed holding the output and usage", () => {
    const completed = parse(openaiResponsesFrames(toolTurn, context).at(-1)!).data.response as Record<string, unknown>;
    expect(JSON.stringify([completed.status, completed.output, completed.usage])).toBe(
      '["completed",[{"id":"fc_correx_1_1","type":"function_call","status":"completed","arguments":"{\\"command\\":\\"echo hi\\"}","call_id":"call_1_1","name":"bash"}],{"input_tokens":100,"input_tokens_details":{"cached_tokens":0},"output_tokens":20,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":120}]',
    );
  });

  it("streams text as a message item with output_text deltas", () => {
    const frames = openaiResponsesFrames({ index: 0, text: "Done.", calls: [], fault: null }, context).map(parse);
    expect(frames.map((frame) => frame.event).slice(2, 8)).toEqual([
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
    ]);
    expect(JSON.stringify(frames[4].data)).toBe('{"type":"response.output_text.delta","item_id":"msg_correx_1","output_index":0,"content_index":0,"delta":"Done.","logprobs":[],"sequence_number":4}');
  });
});

describe("openai-responses JSON body (Response)", () => {
  it("is a completed response with the function_call output item", () => {
    const body = openaiResponsesJson(toolTurn, context) as Record<string, unknown>;
    expect(JSON.stringify([body.id, body.object, body.status, body.model, body.output])).toBe(
      '["resp_correx_1","response","completed","gpt-test",[{"id":"fc_correx_1_1","type":"function_call","status":"completed","arguments":"{\\"command\\":\\"echo hi\\"}","call_id":"call_1_1","name":"bash"}]]',
    );
  });
});
