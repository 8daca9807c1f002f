import type { RedactionRule } from "../../golden/redact.js";

/**
 * The volatile values of codex-cli results, each replaced by a token before any comparison
 * (check, gate, matchers). @see spec §1.4
 * - `Chunk ID: [CHUNK_ID]`: six random hex digits per exec result;
 * - `Wall time: [WALL_TIME] seconds`: measured time (exec: `0.0000` form; apply_patch: whole seconds);
 * - `Process running with session ID [SESSION_ID]`: a random id in 1000…99999;
 * - `fco_[ITEM_ID]` / `ctco_[ITEM_ID]` / `tso_[ITEM_ID]`: the ids Codex gives its output items (`fco_<uuid v7>`; tso_ its tool_search_output, spec §9.1).
 */
export const codexRedactions: readonly RedactionRule[] = [
  { pattern: /^Chunk ID: [0-9a-f]{6}$/gm, token: "Chunk ID: [CHUNK_ID]", requires: "Chunk ID: " },
  { pattern: /^Wall time: \d+(?:\.\d+)? seconds$/gm, token: "Wall time: [WALL_TIME] seconds", requires: "Wall time: " },
  { pattern: /^Process running with session ID \d+$/gm, token: "Process running with session ID [SESSION_ID]", requires: "Process running with session ID " },
  { pattern: /^(fco|ctco|tso)_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/g, token: "$1_[ITEM_ID]", requires: "_" },
];
