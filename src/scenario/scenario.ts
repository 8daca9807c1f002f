/** A scripted tool loop and its parts: the types generated from schemas/scenario.json. */
export type {
  Scenario,
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
} from "../generated/schema-types.js";

/** The argument styles (profiles) a scenario's call inputs can be written in. */
export type ScenarioArgumentStyle = "opencode-cli" | "opencode-core" | "codex-cli" | "gemini-cli" | "claude-code";
