/**
 * A Bash output whose lines came from the embedded ugrep or bfs (`unorderedLines`, spec §3.1) is
 * the same lines in an order that differs from run to run. The agent's order is adopted when its
 * result holds every line of the replay's output, as many times: the output's lines are put in the
 * order in which they first appear there. Anything else (a line missing, an empty line among them,
 * an output not held as text) leaves the output as it is, so a real difference still shows.
 * @see docs/spec/claude-code-2.1.332.md §3.1
 */
export function adoptLineOrder(output: string, agentText: string): string {
  const trailing = output.endsWith("\n") ? "\n" : "";
  const lines = (trailing === "" ? output : output.slice(0, -1)).split("\n");
  if (lines.length < 2 || lines.includes("")) return output;
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line, (wanted.get(line) ?? 0) + 1);
  const ordered: string[] = [];
  for (const line of agentText.split("\n")) {
    const left = wanted.get(line) ?? 0;
    if (left === 0) continue;
    wanted.set(line, left - 1);
    ordered.push(line);
  }
  return ordered.length === lines.length ? `${ordered.join("\n")}${trailing}` : output;
}
