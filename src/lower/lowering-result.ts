/** The four wire protocols a lowerer targets (design: wire body). */
export type Protocol = "openai-chat" | "anthropic-messages" | "google-gemini" | "openai-responses";

/** What every lowerer returns: the wire body and its warnings, as data (style point 3). */
export interface LoweringResult<Body> {
  body: Body;
  warnings: string[];
}

/** Drops undefined-valued keys exactly as `JSON.stringify` does on the wire, so the body equals what is sent. */
export function wireValue<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
