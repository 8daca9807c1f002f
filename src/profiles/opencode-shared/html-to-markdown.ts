import { createRequire } from "node:module";

/** Turndown and its DOM (domino), loaded at the first webfetch that needs them: at start-up they cost every lane of `check` and every gate 50–70 ms. */
let Turndown: typeof import("turndown") | undefined;

/**
 * webfetch's HTML → Markdown in both runtimes: Turndown 7.2.0 (the version the 1.18.33 binary
 * bundles, with the domino DOM) with opencode's options — atx headings, `---` rules, `-` bullets,
 * fenced code, `*` emphasis — and script, style, meta and link removed.
 * @see spec §2.8 v1 ("markdown + html → Turndown"), v2 (`output.output`); the binary's bundle
 * (webfetch's markdown function, the same in the v1 and v2 tools)
 */
export function htmlToMarkdown(html: string): string {
  Turndown ??= createRequire(import.meta.url)("turndown") as typeof import("turndown");
  const service = new Turndown({ headingStyle: "atx", hr: "---", bulletListMarker: "-", codeBlockStyle: "fenced", emDelimiter: "*" });
  service.remove(["script", "style", "meta", "link"]);
  return service.turndown(html);
}
