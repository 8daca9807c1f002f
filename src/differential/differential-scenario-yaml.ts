import { stringify } from "yaml";
import type { Scenario } from "../generated/schema-types.js";

/**
 * A generated scenario as the YAML text of a scenario file (fixtures/scenarios format): double
 * quotes with escapes wherever a string holds control characters, no line folding, so parsing it
 * back gives the same strings.
 */
export function differentialScenarioYaml(scenario: Scenario): string {
  return stringify(scenario, { lineWidth: 0, minContentWidth: 0, defaultStringType: "PLAIN", doubleQuotedAsJSON: false });
}
