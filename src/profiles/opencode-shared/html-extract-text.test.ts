import { describe, expect, it } from "vitest";
import { extractHtmlText } from "./html-extract-text.js";

// Expected texts follow spec §2.8 ("text + html → htmlparser2 text with script/style/noscript/
// iframe/object/embed skipped, then .trim()") and htmlparser2's entity decoding.
describe("webfetch HTML → text (spec §2.8)", () => {
  it("keeps text outside skipped elements, decodes entities, trims the ends", () => {
    expect(extractHtmlText("  <p>a &amp; b&nbsp;c</p><script>x()</script><style>p{}</style>\n<b>d</b>  ")).toBe("a & b\u00a0c\nd");
  });
  it("a tag opened inside a skipped element raises the depth until its own close", () => {
    expect(extractHtmlText("<noscript><div>hidden</div>still hidden</noscript>shown")).toBe("shown");
  });
  it("numeric references and comments", () => {
    expect(extractHtmlText("<p>&#39;q&#x27; <!-- gone -->here</p>")).toBe("'q' here");
  });
});
