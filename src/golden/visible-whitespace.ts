import { escapeControl } from "../text/escape-control.js";

/**
 * Makes whitespace that diffs would hide visible, one marker per character so columns still
 * line up: trailing spaces `·`, tabs `→`, CR `␍`, other control characters as `␀`-style
 * pictures, and a missing final newline noted as `⊘ no newline at end`.
 */
export function visibleWhitespace(text: string): string {
  const lines = text.split("\n");
  const shown = lines.map((line) => {
    const trailing = /[ \t]+$/.exec(line);
    const body = trailing ? line.slice(0, trailing.index) : line;
    const tail = trailing ? trailing[0].replace(/ /g, "·") : "";
    return (
      (body + tail)
        .replace(/\t/g, "→")
        .replace(/\r/g, "␍")
        // biome-ignore lint/suspicious/noControlCharactersInRegex: it finds exactly the control characters a diff makes visible
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, (c) => String.fromCharCode(0x2400 + c.charCodeAt(0)))
        .replace(/\u007f/g, "␡")
        .replace(/\ufeff/g, "⟨BOM⟩")
        // C1 controls (\x9b starts a terminal escape too) and the bidirectional overrides, as escapes
        .replace(/[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => escapeControl(c))
    );
  });
  return shown.join("\n");
}
