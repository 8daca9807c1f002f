import type { CaseOutcome, RunSummary } from "../conformance/case-outcome.js";

/** A request the fake provider captured during a gate run (src/fake's CapturedRequest fits). */
export interface ReportCapturedRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** The body as received. */
  rawBody?: string;
  /** The body parsed as JSON, when it was JSON (shown pretty-printed). */
  body?: unknown;
}

/** What the fake provider streamed back: the frames as sent, or the whole body. */
export interface ReportStreamedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** Each streamed frame (e.g. one SSE event) exactly as written. */
  frames?: string[];
  /** A non-streamed body. */
  body?: string;
}

/**
 * One outcome as the HTML report takes it: a check outcome, plus what a gate run adds (the
 * captured request and the fake's streamed response; one each, or one per turn).
 */
export type HtmlReportOutcome = CaseOutcome & {
  capturedRequest?: ReportCapturedRequest | ReportCapturedRequest[];
  streamedResponse?: ReportStreamedResponse | ReportStreamedResponse[];
  /** The file the case comes from (a corpus case, or a gate scenario). */
  caseFile?: string;
  /** The golden file it is compared with, if any. */
  goldenFile?: string;
  /** What is true of the golden, in words: "exists", "pending written: <file>.new", "missing; not written under CI"… */
  goldenState?: string;
  /** The command that runs this case alone. */
  reproduce?: string;
};

/** The run the HTML report renders (a CheckRun fits; a gate run can pass its own outcomes). */
export interface HtmlReportRun {
  outcomes: HtmlReportOutcome[];
  summary: RunSummary;
}
