import { describe, expect, it } from "vitest";
import { htmlToMarkdown } from "./html-to-markdown.js";

// Expected texts follow Turndown's rules with opencode's options (spec §2.8: atx headings, `---`,
// `-` bullets, fenced code, `*` emphasis) and README "webfetch" (`-   item`, no fence language,
// the page title first).
describe("webfetch HTML → Markdown with Turndown 7.2.0 and opencode's options (spec §2.8)", () => {
  it("list items are - plus three spaces (README webfetch)", () => {
    expect(htmlToMarkdown("<ul><li>one</li><li>two</li></ul>")).toBe("-   one\n-   two");
  });
  it("ordered items are the number, a dot and two spaces, whatever the number's width (the bundle's list-item rule: start + index + \".  \")", () => {
    expect(htmlToMarkdown('<ol start="9"><li>nine</li><li>ten</li></ol>')).toBe("9.  nine\n10.  ten");
  });
  it("code blocks are fences with no language (README webfetch)", () => {
    expect(htmlToMarkdown("<pre><code>let x = 1\n</code></pre>")).toBe("```\nlet x = 1\n```");
  });
  it("the title comes first, then headings and paragraphs separated by a blank line", () => {
    expect(
      htmlToMarkdown(
        '<html><head><title>Docs</title><style>p{}</style><meta charset=utf-8></head><body><h2>Intro</h2><p>Hello <em>there</em> and <strong>you</strong>.</p><hr><p>See <a href="https://x.dev/a">this</a> or <code>npm ci</code></p></body></html>',
      ),
    ).toBe("Docs\n\n## Intro\n\nHello *there* and **you**.\n\n---\n\nSee [this](https://x.dev/a) or `npm ci`");
  });
  it("what the hand-written subset refused: tables, escapes, nested lists, collapsed spaces, images (Turndown 7.2.0 rules)", () => {
    expect(htmlToMarkdown("<table><tr><td>a</td></tr></table>")).toBe("a");
    expect(htmlToMarkdown("<p>a_b *c* # d</p>")).toBe("a\\_b \\*c\\* # d");
    expect(htmlToMarkdown("<ul><li>a<ul><li>b</li></ul></li></ul>")).toBe("-   a\n    -   b");
    expect(htmlToMarkdown("<p>two  spaces\n and a line</p>")).toBe("two spaces and a line");
    expect(htmlToMarkdown('<img src="x.png" alt="pic">')).toBe("![pic](x.png)");
  });
});
