import type { FakeProtocol } from "./fake-protocol.js";
import type { FakeReply } from "./fake-reply.js";

/** The errors the fake answers with, each in every provider's own shape. */
export type ProviderErrorKind = "invalid-request" | "not-found" | "too-large" | "rate-limit" | "server-error";

const STATUS: Record<ProviderErrorKind, number> = {
  "invalid-request": 400,
  "not-found": 404,
  "too-large": 413,
  "rate-limit": 429,
  "server-error": 500,
};

/** OpenAI `error.type` / `error.code` (openai/openapi.yaml `Error`). */
const OPENAI: Record<ProviderErrorKind, { type: string; code: string | null }> = {
  "invalid-request": { type: "invalid_request_error", code: null },
  "not-found": { type: "invalid_request_error", code: null },
  "too-large": { type: "invalid_request_error", code: null },
  "rate-limit": { type: "requests", code: "rate_limit_exceeded" },
  "server-error": { type: "server_error", code: null },
};

/** Anthropic `error.type` (openai.stainless.json `ErrorResponse`: InvalidRequestError, NotFoundError, RateLimitError, APIError…). */
const ANTHROPIC: Record<ProviderErrorKind, string> = {
  "invalid-request": "invalid_request_error",
  "not-found": "not_found_error",
  "too-large": "request_too_large",
  "rate-limit": "rate_limit_error",
  "server-error": "api_error",
};

/** Google `error.status` (google.rpc.Code names). */
const GOOGLE: Record<ProviderErrorKind, string> = {
  "invalid-request": "INVALID_ARGUMENT",
  "not-found": "NOT_FOUND",
  "too-large": "INVALID_ARGUMENT",
  "rate-limit": "RESOURCE_EXHAUSTED",
  "server-error": "INTERNAL",
};

/**
 * An error reply in the provider's shape:
 * - openai-chat / openai-responses: `{"error":{"message","type","param":null,"code"}}`
 * - anthropic-messages: `{"type":"error","error":{"type","message"}}`
 * - google-gemini: `{"error":{"code","message","status"}}`
 */
export function providerErrorReply(protocol: FakeProtocol, kind: ProviderErrorKind, message: string, headers: Record<string, string> = {}): FakeReply {
  const status = STATUS[kind];
  return { type: "error", status, headers, body: providerErrorBody(protocol, kind, message) };
}

/** The error body alone (see providerErrorReply). */
export function providerErrorBody(protocol: FakeProtocol, kind: ProviderErrorKind, message: string): unknown {
  switch (protocol) {
    case "openai-chat":
    case "openai-responses":
      return { error: { message, type: OPENAI[kind].type, param: null, code: OPENAI[kind].code } };
    case "anthropic-messages":
      return { type: "error", error: { type: ANTHROPIC[kind], message } };
    case "google-gemini":
      return { error: { code: STATUS[kind], message, status: GOOGLE[kind] } };
    default: {
      const _exhaustive: never = protocol;
      return _exhaustive;
    }
  }
}
