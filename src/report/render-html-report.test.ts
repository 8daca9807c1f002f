import { describe, expect, it } from "vitest";
import type { CaseOutcome } from "../conformance/case-outcome.js";
import { summarize } from "../conformance/case-outcome.js";
import type { HtmlReportOutcome } from "./html-report-outcome.js";
import { renderHtmlReport } from "./render-html-report.js";

const base: CaseOutcome = {
  id: "opencode-core/lower/x",
  profile: "opencode-core",
  stage: "lower",
  area: "lower",
  protocols: ["openai-chat"],
  tags: ["lower"],
  spec: "§4.3",
  level: "must",
  status: "pass",
  differences: [],
  golden: "matched",
  durationMs: 1,
};
const metadata = { correxVersion: "0.1.0", subject: "reference", profiles: { "opencode-core": "1.18.33" }, date: "2026-01-01T00:00:00.000Z", filtered: false };

function render(outcomes: HtmlReportOutcome[]) {
  return renderHtmlReport({ outcomes, summary: summarize(outcomes, 5) }, metadata);
}

describe("renderHtmlReport", () => {
  it("is self-contained: no URL outside the folder, no external stylesheet or script, relative links only", () => {
    const files = render([
      { ...base, expected: { "openai-chat": { messages: [] } }, actual: { "openai-chat": { messages: [] } } },
      {
        ...base,
        id: "opencode-cli/bash/a b<c>",
        profile: "opencode-cli",
        stage: "format",
        area: "bash",
        protocols: [],
        status: "fail",
        message: "1 difference",
        differences: [{ pointer: "/output", expected: "a\n", actual: "a" }],
      },
    ]);
    expect([...files.keys()]).toEqual(["index.html", "cases/opencode-core__lower__x.html", "cases/opencode-cli__bash__a_b_c_.html"]);
    for (const [path, html] of files) {
      expect(html, path).not.toMatch(/\b(?:https?:)?\/\/[a-z]/i);
      expect(html, path).not.toMatch(/<link\b|<script\b[^>]*\bsrc=|<img\b|@import|url\(/i);
      expect(html.startsWith("<!doctype html>"), path).toBe(true);
    }
    expect(files.get("index.html")).toContain('<a href="cases/opencode-cli__bash__a_b_c_.html">opencode-cli/bash/a b&lt;c&gt;</a>');
  });

  it("a case page pretty-prints wire bodies as JSON and links to the next and previous failure", () => {
    const failing = (id: string): HtmlReportOutcome => ({
      ...base,
      id,
      status: "fail",
      differences: [{ pointer: "/openai-chat/messages/0/content", expected: "a", actual: "b" }],
      expected: { "openai-chat": { messages: [{ content: "a" }] } },
      actual: { "openai-chat": { messages: [{ content: "b" }] } },
    });
    const files = render([failing("p/lower/a"), { ...base, id: "p/lower/b" }, failing("p/lower/c")]);
    const first = files.get("cases/p__lower__a.html")!;
    expect(first).toContain('<a id="prev-failure" aria-disabled="true">');
    expect(first).toContain('<a id="next-failure" href="../cases/p__lower__c.html">');
    expect(first).toContain("<pre>{\n  &quot;openai-chat&quot;: {\n    &quot;messages&quot;: [\n      {\n        &quot;content&quot;: &quot;a&quot;\n      }\n    ]\n  }\n}</pre>");
    expect(files.get("cases/p__lower__b.html")).toContain('<a id="next-failure" href="../cases/p__lower__c.html">');
    expect(files.get("cases/p__lower__b.html")).toContain('<a id="prev-failure" href="../cases/p__lower__a.html">');
  });

  it("a gate outcome shows the captured request and the streamed response", () => {
    const files = render([
      {
        ...base,
        capturedRequest: { method: "POST", url: "http://127.0.0.1:4000/v1/chat/completions", headers: { "content-type": "application/json" }, body: { messages: [] } },
        streamedResponse: { status: 200, frames: ['data: {"choices":[]}\n\n', "data: [DONE]\n\n"] },
      },
    ]);
    const page = files.get("cases/opencode-core__lower__x.html")!;
    expect(page).toContain('<section id="captured-request"><h2>Captured request</h2>');
    expect(page).toContain("<code>POST http://127.0.0.1:4000/v1/chat/completions</code>");
    expect(page).toContain('<section id="streamed-response"><h2>Streamed response</h2>');
    expect(page).toContain("<li><pre>data: [DONE]\n\n</pre></li>");
  });
});
