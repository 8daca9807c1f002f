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

import type { Scenario } from "../generated/schema-types.js";

/** The argument styles (profile ids) a scenario's call inputs can be written in (schemas/scenario.json). */
export type ScenarioArgumentStyle = NonNullable<Scenario["argumentStyle"]>;
