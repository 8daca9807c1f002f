/** correx's scripted MCP server: a scenario's `mcp` servers over stdio or streamable HTTP, built on the official SDK. */

export { createScriptedMcpServer, declaredTool, type McpCallCounts, SCRIPTED_SERVER_NAME, type ScriptedServerHooks } from "./scripted-mcp-server.js";
export { MCP_HTTP_HOST, MCP_HTTP_PATH, type McpHttpServer, serveMcpHttp } from "./serve-mcp-http.js";
export { serveMcpStdio } from "./serve-mcp-stdio.js";
