import { Document, isScalar, visit } from "yaml";
import type { Scenario } from "../generated/schema-types.js";

/** A line of only spaces or tabs: a block scalar reads it back as an empty line (yaml writes ` ⏎` as `|+` and reads `⏎`). */
const BLANK_LINE_WITH_SPACES = /(^|\n)[ \t]+(\n|$)/;

/**
 * A generated scenario as the YAML text of a scenario file (fixtures/scenarios format): double
 * quotes with escapes wherever a string holds control characters or a line of only spaces or
 * tabs (yaml writes such a string as a `|+` block whose spaces read back as indentation: `" \n"`
 * came back as `"\n"`, seeds 27202 and opencode 4242), no line folding, so parsing it back gives
 * the same strings.
 */
export function differentialScenarioYaml(scenario: Scenario): string {
  const document = new Document(scenario);
  visit(document, {
    Scalar(_key, node) {
      if (isScalar(node) && typeof node.value === "string" && BLANK_LINE_WITH_SPACES.test(node.value)) node.type = "QUOTE_DOUBLE";
    },
  });
  return document.toString({ lineWidth: 0, minContentWidth: 0, defaultStringType: "PLAIN", doubleQuotedAsJSON: false });
}
