import type { ValidationIssue } from "../schema/validation-issue.js";

/** A request body that broke its protocol's wire schema (or was not JSON at all). */
export interface FakeViolation {
  /** The captured request's `seq`. */
  seq: number;
  method: string;
  path: string;
  /** The schema kind it was checked against, e.g. `wire/openai-chat`. */
  schema: string;
  /** Schema issues; one `json` issue when the body was not JSON. */
  issues: ValidationIssue[];
  /** One line: `<pointer>: expected …, found …`. */
  message: string;
}

/** One request the fake saw, as it came in, with what the fake made of it. */
export interface CapturedRequest {
  /** 1-based arrival number. */
  seq: number;
  /** `provider` (a model endpoint), `count-tokens` (anthropic-messages' token counting), `page` (a scenario web page) or `unhandled`. */
  kind: "provider" | "count-tokens" | "page" | "unhandled";
  method: string;
  url: string;
  /** The URL's path (no query). */
  path: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The body exactly as received (UTF-8 decoded). */
  rawBody: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  body: unknown;
  /** The 0-based scripted turn the request selected, and its 1-based attempt at that turn. */
  turn: number | null;
  attempt: number | null;
  /** A provider request from one of the agent's subagents (answered from its own script, never the main one). */
  subagent?: boolean;
  /** The status answered (0: no answer, the request hung). */
  status: number;
  violation: FakeViolation | null;
}
