/** Index of the first character at or after `index` that is not JSON whitespace (space, tab, CR, LF). */
export function skipJsonSpace(text: string, index: number): number {
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) break;
    index++;
  }
  return index;
}
