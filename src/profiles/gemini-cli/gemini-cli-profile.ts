import type { OutputStorePort } from "../output-store-port.js";
import { type Profile, type TruncateRequest, type TruncateResult, UnsupportedError } from "../profile.js";
import { formatGeminiTool } from "./format-gemini-tool.js";
import { geminiRedactions } from "./gemini-redactions.js";
import { geminiToolOf } from "./gemini-tools.js";
import { adoptGlobOrder } from "./glob/glob-order.js";
import { adoptGrepFileOrder } from "./grep-search/grep-search-order.js";
import { runGeminiTool } from "./run-gemini-tool.js";
import { truncateShellOutput } from "./truncate/truncate-shell-output.js";

/**
 * The `gemini-cli` profile: Google's Gemini CLI 0.61.0 run headless with `-m gemini-2.5-pro`,
 * over google-gemini. `format` returns the functionResponse's `response` and its sibling parts
 * (schemas/gemini-cli/tool-result.json); `truncate` is the shell output cut (40,000 chars, 20/80).
 * @see docs/spec/gemini-cli-0.61.0.md
 */
export const geminiCli: Profile = {
  id: "gemini-cli",
  version: "0.61.0",
  redactions: geminiRedactions,
  // glob's observation is its own (files with modification times, the discovery facts), not
  // opencode's `observations/glob`; it has no schema yet (spec §7.4)
  observationKinds: { glob: "observations/gemini-cli-glob" },
  format: (request, store) => formatGeminiTool(request, store),
  truncate(request: TruncateRequest, store: OutputStorePort): TruncateResult {
    if (request.text === undefined) throw new UnsupportedError("gemini-cli truncate takes `text` (the wrapped shell result)");
    const result = truncateShellOutput(request.text, store);
    return { result: result.text, truncated: result.savedPath !== undefined, ...(result.savedPath === undefined ? {} : { savedPath: result.savedPath }) };
  },
  /** Runs a call with Gemini CLI's rules. @see spec §2–§10 */
  observe: (call, environment) => runGeminiTool(call, environment),
  /**
   * grep_search lists ripgrep's parallel traversal, glob the laid-out files by times the two
   * copies of the workspace order differently: the agent's order is adopted. @see spec §7.3, §7.4
   */
  adoptAgentOrder(call, observation, agentText) {
    const tool = geminiToolOf(call.tool);
    if (tool === "grep_search") return adoptGrepFileOrder(observation, agentText);
    if (tool === "glob") return adoptGlobOrder(observation, agentText);
    return observation;
  },
};
