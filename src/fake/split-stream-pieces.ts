/**
 * Cuts a text into pieces of at most `size` code points, the way a provider streams text and
 * tool arguments in deltas. Never splits a surrogate pair. An empty text gives no pieces.
 */
export function splitStreamPieces(text: string, size: number): string[] {
  const points = Array.from(text);
  const pieces: string[] = [];
  for (let start = 0; start < points.length; start += size) pieces.push(points.slice(start, start + size).join(""));
  return pieces;
}
