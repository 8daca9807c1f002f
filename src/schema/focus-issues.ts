import { type ValidationIssue, valueAtPointer } from "./validation-issue.js";

/**
 * Keeps the issues a person should read. ajv reports every failed branch of an `anyOf`; for an
 * observation (`{error}` or the tool's own shape) only the branch the value was aiming at matters.
 */
export function focusIssues(issues: ValidationIssue[], value: unknown): ValidationIssue[] {
  const branchIssues = issues.filter((issue) => issue.code !== "anyOf");
  if (branchIssues.length === issues.length) return issues;
  const focused = branchIssues.filter((issue) => {
    const isErrorBranch = issue.schemaPath.startsWith("error.json") || issue.schemaPath.includes("/error.json");
    const parent = valueAtPointer(value, issue.pointer.slice(0, issue.pointer.lastIndexOf("/")));
    const aimsAtError = typeof parent === "object" && parent !== null && "error" in parent;
    return isErrorBranch === aimsAtError || issue.pointer.split("/").length > 2;
  });
  return focused.length > 0 ? focused : issues;
}
