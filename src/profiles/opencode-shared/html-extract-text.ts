import { packageOnFirstUse } from "../../input/package-on-first-use.js";

const htmlparser2 = packageOnFirstUse<typeof import("htmlparser2")>("htmlparser2");

/** Elements whose content webfetch's text conversion skips. @see spec §2.8 v1 ("text + html") */
const SKIPPED: ReadonlySet<string> = new Set(["script", "style", "noscript", "iframe", "object", "embed"]);

/**
 * webfetch's HTML → text in both runtimes: htmlparser2 8.0.2 (the version the binary bundles),
 * text appended while no skipped element is open — a depth counter that every opening tag inside
 * a skipped element raises and every closing tag lowers — then `.trim()`.
 * @see spec §2.8 v1 ("htmlparser2 text … then .trim()"); the binary's bundle (the same function in
 * the v1 and v2 webfetch tools)
 */
export function extractHtmlText(html: string): string {
  let text = "";
  let skipping = 0;
  const parser = new (htmlparser2().Parser)({
    onopentag(name) {
      if (skipping > 0 || SKIPPED.has(name)) skipping++;
    },
    ontext(chunk) {
      if (skipping === 0) text += chunk;
    },
    onclosetag() {
      if (skipping > 0) skipping--;
    },
  });
  parser.write(html);
  parser.end();
  return text.trim();
}
