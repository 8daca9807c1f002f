import type { Protocol } from "../lower/lowering-result.js";
import { listProfiles } from "../profiles/profile-registry.js";

/** One agent runtime on one protocol it speaks, with the model the preview lowers for. */
export interface PreviewTarget {
  profile: string;
  protocol: Protocol;
  model: string;
}

/**
 * What `correx preview` shows: every profile with MCP preview data (Profile.mcp.preview), in the
 * registry's order, on each protocol × model pair it names (the models its gate suites run).
 */
export const PREVIEW_TARGETS: readonly PreviewTarget[] = listProfiles().flatMap((profile) =>
  (profile.mcp?.preview ?? []).map((target) => ({ profile: profile.id, protocol: target.protocol, model: target.model })),
);
