import { packageOnFirstUse } from "../../input/package-on-first-use.js";

/** Turndown and its DOM (domino): 50–70 ms to load. */
const turndown = packageOnFirstUse<typeof import("turndown")>("turndown");

/**
 * webfetch's HTML → Markdown in both runtimes: Turndown 7.2.0 (the version the 1.18.33 binary
 * bundles, with the domino DOM) with opencode's options — atx headings, `---` rules, `-` bullets,
 * fenced code, `*` emphasis — and script, style, meta and link removed.
 * @see spec §2.8 v1 ("markdown + html → Turndown"), v2 (`output.output`); the binary's bundle
 * (webfetch's markdown function, the same in the v1 and v2 tools)
 */
export function htmlToMarkdown(html: string): string {
  const Turndown = turndown();
  const service = new Turndown({ headingStyle: "atx", hr: "---", bulletListMarker: "-", codeBlockStyle: "fenced", emDelimiter: "*" });
  service.remove(["script", "style", "meta", "link"]);
  return service.turndown(html);
}
