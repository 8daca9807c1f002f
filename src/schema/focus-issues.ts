import { type ValidationIssue, valueAtPointer } from "./validation-issue.js";

/** The parent pointer of a pointer (`/a/b` → `/a`, `/a` → ``). */
const parentOf = (pointer: string) => pointer.slice(0, pointer.lastIndexOf("/"));

/**
 * Whether an issue of one `anyOf` branch says the value is not that branch's shape at all: the
 * value itself has the wrong type, or an object lacks a property the branch requires or holds one
 * it forbids. Such a branch is not what the value was aiming at.
 */
function missesShape(issue: ValidationIssue, at: string): boolean {
  if (issue.code === "type" || issue.code === "const" || issue.code === "enum") return issue.pointer === at;
  if (issue.code === "required" || issue.code === "additionalProperties" || issue.code === "unevaluatedProperties") return parentOf(issue.pointer) === at;
  return false;
}

/**
 * Drops the issues of the `anyOf`/`oneOf` branches the value was not aiming at, when some branch
 * fits its shape: `{base64: "not base64!"}` as a workspace file's content is held to the
 * `{base64}` branch only, not also told it is not a string and lacks `repeat`.
 */
function dropMissedBranches(issues: ValidationIssue[]): ValidationIssue[] {
  let kept = issues;
  for (const choice of issues) {
    if (choice.code !== "anyOf" && choice.code !== "oneOf") continue;
    const prefix = `${choice.schemaPath}/`;
    const byBranch = new Map<string, ValidationIssue[]>();
    for (const issue of kept) {
      if (!issue.schemaPath.startsWith(prefix)) continue;
      const branch = issue.schemaPath.slice(prefix.length).split("/")[0]!;
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), issue]);
    }
    const missed = [...byBranch.values()].filter((branch) => branch.some((issue) => missesShape(issue, choice.pointer)));
    if (missed.length === 0 || missed.length === byBranch.size) continue;
    const dropped = new Set(missed.flat());
    kept = kept.filter((issue) => !dropped.has(issue));
  }
  return kept;
}

/**
 * Keeps the issues a person should read. ajv reports every failed branch of an `anyOf`: only the
 * branches whose shape the value has are kept, and for an observation (`{error}` or the tool's own
 * shape) only the branch the value was aiming at.
 */
export function focusIssues(issues: ValidationIssue[], value: unknown): ValidationIssue[] {
  const branchIssues = dropMissedBranches(issues).filter((issue) => issue.code !== "anyOf");
  if (branchIssues.length === issues.length) return issues;
  const focused = branchIssues.filter((issue) => {
    const isErrorBranch = issue.schemaPath.startsWith("error.json") || issue.schemaPath.includes("/error.json");
    const parent = valueAtPointer(value, issue.pointer.slice(0, issue.pointer.lastIndexOf("/")));
    const aimsAtError = typeof parent === "object" && parent !== null && "error" in parent;
    return isErrorBranch === aimsAtError || issue.pointer.split("/").length > 2;
  });
  return focused.length > 0 ? focused : issues;
}
