/** What a protocol's reply builder needs besides the turn. */
export interface FakeReplyContext {
  model: string;
  /** openai-chat: add the usage chunk (`stream_options.include_usage`). */
  includeUsage: boolean;
  /** Code points per streamed text or argument delta. */
  pieceSize: number;
}

/** The fixed creation time every fake reply carries (2026-01-01T00:00:00Z), so frames are reproducible. */
export const FAKE_CREATED_AT = 1767225600;

/** The fixed token counts every fake reply reports. */
export const FAKE_USAGE = { input: 100, output: 20 } as const;

/** The default delta size: small enough that short arguments arrive in several pieces. */
export const DEFAULT_PIECE_SIZE = 16;
