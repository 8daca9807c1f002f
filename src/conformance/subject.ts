/** What a subject answered for one op (bowtie: exactly one of result, skipped, errored, crashed, timed out). */
export type SubjectReply =
  | { kind: "result"; result: unknown }
  | { kind: "unsupported"; message: string }
  | { kind: "error"; code: string; message: string }
  | { kind: "crash"; message: string }
  | { kind: "timeout"; message: string };

/** An implementation under test, reached in-process, through a module, or over stdio. */
export interface Subject {
  /** How reports name it, e.g. `reference`, `cmd:python3 adapter.py`. */
  readonly name: string;
  call(op: string, params: Record<string, unknown>, timeoutMs: number): Promise<SubjectReply>;
  close(): Promise<void>;
}
