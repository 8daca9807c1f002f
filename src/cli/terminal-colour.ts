import { styleText } from "node:util";

/** A style name `util.styleText` knows ("red", "bold", …). */
export type Style = Parameters<typeof styleText>[0];

/** Styles text, or returns it unchanged when colour is off. */
export type Paint = (style: Style, text: string) => string;

/** Whether to colour a stream: never with NO_COLOR, always with FORCE_COLOR (not 0), else only a terminal (never a file or pipe). */
export function colourFor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "") return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  return Boolean(stream.isTTY);
}

/** The CLI's one colour helper: `util.styleText` when colourFor(stream) says so, else the text as it is. */
export function paintFor(stream: { isTTY?: boolean }, env: Record<string, string | undefined> = process.env): Paint {
  // styleText itself never checks the stream (Node 20); colourFor decides.
  return colourFor(stream, env) ? (style, text) => styleText(style, text) : (_style, text) => text;
}
