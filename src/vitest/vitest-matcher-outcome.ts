/** What a correx matcher returns to Vitest (its SyncExpectationResult). */
export interface MatcherOutcome {
  pass: boolean;
  message: () => string;
}
