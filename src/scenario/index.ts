/** Scenarios: scripted tool loops over a fixture workspace (fixtures/scenarios/*.yaml). */
export { loadScenario } from "./load-scenario.js";
export { parseScenario, safeParseScenario } from "./parse-scenario.js";
export type {
  Scenario,
  ScenarioArgumentStyle,
  ScenarioCall,
  ScenarioContent,
  ScenarioFault,
  ScenarioMcp,
  ScenarioMcpAnswer,
  ScenarioMcpResult,
  ScenarioMcpServer,
  ScenarioMcpTool,
  ScenarioPage,
  ScenarioTurn,
  ScenarioWorkspace,
} from "./scenario.js";
export { scenarioCallInput } from "./scenario-call-input.js";
export { scenarioContentBytes, scenarioContentText } from "./scenario-content-bytes.js";
export { expandMcpResult, type McpCallToolResult, scenarioMcpAnswer } from "./scenario-mcp-result.js";
export { defaultWorkspacesRoot, writeScenarioWorkspace } from "./write-scenario-workspace.js";
