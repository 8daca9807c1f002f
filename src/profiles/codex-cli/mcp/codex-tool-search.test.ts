import { describe, expect, it } from "vitest";
import { UnsupportedError } from "../../profile.js";
import { formatToolSearch } from "./codex-tool-search.js";

const plain = { name: "plain", description: "Returns scripted content.", inputSchema: { type: "object", properties: { n: { type: "integer" } } } };
const structured = {
  name: "structured",
  title: "Structured",
  description: "Returns structured content.",
  inputSchema: { type: "object" },
  outputSchema: { type: "object" },
  annotations: { readOnlyHint: true },
};
const servers = [{ server: "docs", tools: [plain, structured] }];

describe("formatToolSearch (docs/spec/codex-cli-0.171.0.md §9.1)", () => {
  it("loads the one matching tool in the mcp__<server> namespace, without title, annotations or outputSchema, properties {} added (bytes of codex-mcp-content-kinds' second search)", () => {
    expect(formatToolSearch({ search: { query: "structured", limit: 8 }, servers })).toEqual({
      tools: [
        {
          type: "namespace",
          name: "mcp__docs",
          description: "Tools in the mcp__docs namespace.",
          tools: [{ type: "function", name: "structured", description: "Returns structured content.", strict: false, defer_loading: true, parameters: { type: "object", properties: {} } }],
        },
      ],
    });
  });

  it("is unsupported when the search would load several tools (BM25 ranking not modelled) or none", () => {
    expect(() => formatToolSearch({ search: { query: "docs", limit: 8 }, servers })).toThrow(UnsupportedError);
    expect(() => formatToolSearch({ search: { query: "nothing", limit: 8 }, servers })).toThrow(/matches 0 MCP tools/);
  });
});
