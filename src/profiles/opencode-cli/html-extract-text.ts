/**
 * A small stand-in for webfetch's `text` conversion of HTML (htmlparser2 text with script, style,
 * noscript, iframe, object and embed content skipped, entities decoded); the caller trims.
 * Handles well-formed markup; it is not a full HTML tokenizer.
 * @see spec §2.8 v1 ("text + html")
 */

const SKIPPED = new Set(["script", "style", "noscript", "iframe", "object", "embed"]);
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes named (`&amp;` …) and numeric (`&#39;`, `&#x27;`) character references. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** The text content of `html`, outside comments and skipped elements. */
export function extractHtmlText(html: string): string {
  let text = "";
  let index = 0;
  let skipping: string | undefined;
  while (index < html.length) {
    const open = html.indexOf("<", index);
    const end = open === -1 ? html.length : open;
    if (skipping === undefined) text += decodeHtmlEntities(html.slice(index, end));
    if (open === -1) break;
    if (html.startsWith("<!--", open)) {
      const close = html.indexOf("-->", open + 4);
      index = close === -1 ? html.length : close + 3;
      continue;
    }
    const close = html.indexOf(">", open);
    if (close === -1) break;
    const tag = /^<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(open, close + 1));
    if (tag !== null) {
      const name = tag[2].toLowerCase();
      const closing = tag[1] === "/";
      if (skipping === undefined && !closing && SKIPPED.has(name) && !html.slice(open, close).endsWith("/")) skipping = name;
      else if (skipping === name && closing) skipping = undefined;
    }
    index = close + 1;
  }
  return text;
}
