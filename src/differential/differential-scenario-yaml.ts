import { Document, isScalar, visit } from "yaml";
import type { Scenario } from "../generated/schema-types.js";

/**
 * A generated scenario as the YAML text of a scenario file (fixtures/scenarios format): double
 * quotes with escapes wherever a string holds control characters, no line folding, so parsing it
 * back gives the same strings. A multi-line string whose lines are all blank but not all empty
 * (`" \n"`) is double-quoted too: yaml writes it as a `|+` block whose spaces read back as
 * indentation (the text came back as `"\n"`, seed 27202's vocabulary).
 */
export function differentialScenarioYaml(scenario: Scenario): string {
  const document = new Document(scenario);
  visit(document, {
    Scalar(_key, node) {
      if (isScalar(node) && typeof node.value === "string" && node.value.includes("\n") && /^[ \t\n]*$/.test(node.value) && /[ \t]/.test(node.value)) {
        node.type = "QUOTE_DOUBLE";
      }
    },
  });
  return document.toString({ lineWidth: 0, minContentWidth: 0, defaultStringType: "PLAIN", doubleQuotedAsJSON: false });
}
