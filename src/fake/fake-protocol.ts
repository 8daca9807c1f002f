/** The provider wire protocols the fake speaks (the same ids as the lowerers'). */
export const fakeProtocols = ["openai-chat", "anthropic-messages", "google-gemini", "openai-responses"] as const;

export type FakeProtocol = (typeof fakeProtocols)[number];

/** Narrows a user-given string to a protocol id. */
export function isFakeProtocol(value: string): value is FakeProtocol {
  return (fakeProtocols as readonly string[]).includes(value);
}
