import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { visibleTextHtml } from "./html-report-visible-text.js";

const ws = (marker: string) => `<span class="ws">${marker}</span>`;

describe("visibleTextHtml", () => {
  it("shows trailing spaces, tabs, CR and control characters as the text diffs do", () => {
    expect(visibleTextHtml("a b  \n\tx\r\n\u0000")).toBe(`a b${ws("·")}${ws("·")}\n${ws("→")}x${ws("␍")}\n${ws("␀")}`);
  });
  it("escapes HTML", () => {
    expect(visibleTextHtml(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
  });
  it("marks exactly the highlighted range, a newline in it as ↵", () => {
    expect(visibleTextHtml("hello world", { start: 6, end: 7 })).toBe('hello <mark class="d">w</mark>orld');
    expect(visibleTextHtml("ab\ncd", { start: 1, end: 4 })).toBe(`a<mark class="d">b${ws("↵")}\nc</mark>d`);
  });
  it("an empty range is a gap mark where the other side has bytes", () => {
    expect(visibleTextHtml("ok", { start: 2, end: 2 })).toBe('ok<mark class="d gap" title="nothing here; the other side has bytes"></mark>');
  });
  it("long text is elided around the range", () => {
    const text = "x".repeat(50_000) + "Y" + "x".repeat(50_000);
    const html = visibleTextHtml(text, { start: 50_000, end: 50_001 });
    expect(html).toContain('<mark class="d">Y</mark>');
    expect(html.startsWith('<span class="elided">… 46000 characters before …</span>\n')).toBe(true);
    expect(html.endsWith('\n<span class="elided">… 46000 characters after …</span>')).toBe(true);
  });
  it("property: without markup and markers, the text reads back exactly (printable text)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "<", "&", "é") }), fc.nat(), fc.nat(), (text, a, b) => {
        const start = Math.min(a, b) % (text.length + 1);
        const end = Math.min((Math.max(a, b) % (text.length + 1)) + start, text.length);
        const html = visibleTextHtml(text, { start, end });
        const back = html
          .replace(/<span class="ws">↵<\/span>/g, "")
          .replace(/<span class="ws">·<\/span>/g, " ")
          .replace(/<[^>]+>/g, "")
          .replace(/&lt;/g, "<")
          .replace(/&amp;/g, "&");
        expect(back).toBe(text);
        if (end > start) expect((html.match(/<mark class="d">/g) ?? []).length).toBe(1);
      }),
    );
  });
});
