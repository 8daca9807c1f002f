/** Why a link cannot be followed, from the error its `realpath`/`stat` gave, in the words after "it is". */
export function brokenLinkReason(code: string | undefined): string {
  return code === "ELOOP" ? "a loop of links" : code === "ENOENT" ? "a link to a path that does not exist" : `a link that cannot be followed (${code ?? "unknown error"})`;
}
