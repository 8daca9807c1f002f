/**
 * Counting `\n` in a string, stopping early once the count passes a limit (a 100 MB output need
 * not be scanned to learn it has more than 2,000 lines). Only `\n` counts: `\r` is an ordinary
 * character, as in every agent correx models.
 * @see spec §3.1 step 1 (`lines.length` = newlines + 1), §3.2 step 6
 */

/** Number of `\n` in `text`, or `stopAfter + 1` as soon as there are more than `stopAfter`. */
export function countNewlines(text: string, stopAfter = Number.POSITIVE_INFINITY): number {
  let count = 0;
  let from = 0;
  for (;;) {
    const index = text.indexOf("\n", from);
    if (index === -1) return count;
    count++;
    if (count > stopAfter) return count;
    from = index + 1;
  }
}
