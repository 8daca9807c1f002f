/**
 * What a fake endpoint answers, as data (style point 7): rendered to a fetch Response only at the
 * edge (render-fake-reply.ts), so tests can assert on the plan as well as on the bytes.
 */
export type FakeReply =
  /** A well-formed JSON body (a non-streaming completion). */
  | { type: "json"; status: number; headers: Record<string, string>; body: unknown }
  /** A server-sent-event stream: each frame is sent as is (terminator included); `end: "hang"` keeps the stream open. */
  | { type: "sse-frames"; status: number; headers: Record<string, string>; frames: string[]; end: "close" | "hang" }
  /** A provider error body (rate limit, server error, invalid request…). */
  | { type: "error"; status: number; headers: Record<string, string>; body: unknown }
  /** A body sent byte for byte, e.g. JSON cut in half for a truncated non-streaming reply. */
  | { type: "text"; status: number; headers: Record<string, string>; text: string }
  /** No reply: the request stays open until the client aborts it. */
  | { type: "hang" };

/** The HTTP status a reply carries (0 for hang: nothing is ever sent). */
export function fakeReplyStatus(reply: FakeReply): number {
  switch (reply.type) {
    case "json":
    case "sse-frames":
    case "error":
    case "text":
      return reply.status;
    case "hang":
      return 0;
    default: {
      const _exhaustive: never = reply;
      return _exhaustive;
    }
  }
}
