/**
 * POST /v1/messages/count_tokens on the anthropic-messages fake: the body is a Messages request
 * without the generation keys (official spec: CountMessageTokensParams, and
 * BetaCountMessageTokensParams for a request with `?beta=true`); the answer is
 * `{"input_tokens": N}` (CountMessageTokensResponse).
 */

/** Top-level keys CountMessageTokensParams allows (official spec, May 2026). */
const COUNT_KEYS = ["cache_control", "messages", "model", "output_config", "system", "thinking", "tool_choice", "tools"];
/** BetaCountMessageTokensParams adds these (the wire schema still checks each one's beta header). */
const BETA_COUNT_KEYS = ["context_management", "mcp_servers", "output_format", "speed"];

/** Keys of a count_tokens body that CountMessageTokensParams does not allow (`beta`: the `?beta=true` variant). */
export function countTokensExtraKeys(body: unknown, beta: boolean): string[] {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return [];
  const allowed = beta ? [...COUNT_KEYS, ...BETA_COUNT_KEYS] : COUNT_KEYS;
  return Object.keys(body).filter((key) => !allowed.includes(key));
}

/**
 * The fake's deterministic token count: the scenario's `countTokens` when it sets one, otherwise
 * the body's UTF-8 byte length divided by 4, rounded up (a documented stand-in, not a tokenizer).
 */
export function fakeInputTokens(rawBody: string, scripted: number | undefined): number {
  if (scripted !== undefined) return scripted;
  return Math.ceil(new TextEncoder().encode(rawBody).length / 4);
}
