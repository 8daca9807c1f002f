// A deliberately broken agent's defect: the first tool result in a request body gets one byte
// changed (its first character's code point + 1), on openai-chat, anthropic-messages and
// google-gemini bodies. Used by the broken-agent tests of `correx gate` (issue 7, Done-when 3).

/** Changes one character of the first tool result text in `body` (a parsed request); returns whether it did. */
export function flipFirstToolResult(body) {
  const flip = (text) => (text.length === 0 ? "!" : String.fromCharCode(text.charCodeAt(0) + 1) + text.slice(1));
  for (const message of body.messages ?? []) {
    if (message.role === "tool" && typeof message.content === "string") {
      message.content = flip(message.content);
      return true;
    }
    for (const block of Array.isArray(message.content) ? message.content : []) {
      if (block?.type === "tool_result" && typeof block.content === "string") {
        block.content = flip(block.content);
        return true;
      }
    }
  }
  for (const content of body.contents ?? []) {
    for (const part of content.parts ?? []) {
      const response = part?.functionResponse?.response;
      if (response && typeof response.content === "string") {
        response.content = flip(response.content);
        return true;
      }
    }
  }
  return false;
}
