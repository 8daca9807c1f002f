import { describe, expect, it } from "vitest";
import type { PreviewRow } from "./preview-mcp-result.js";
import { renderPreviewHtml } from "./render-preview-html.js";

const row = (profile: string, fate: PreviewRow["items"][number]["fate"], text: string): PreviewRow => ({
  profile,
  protocol: "openai-chat",
  model: "m",
  name: `${profile}_<tool>`,
  status: "ok",
  text,
  textBytes: text.length,
  tokens: Math.ceil(text.length / 4),
  attachments: [],
  items: [{ index: 0, type: "text", fate }],
  structuredContent: "absent",
  wire: [{ role: "tool", content: text }],
});

describe("renderPreviewHtml", () => {
  const files = renderPreviewHtml(
    [row("alpha", "kept", "a <b> & c"), row("beta", "dropped", ""), { ...row("gamma", "kept", ""), status: "unsupported", reason: "gamma: not modelled" }],
    'correx preview: tool "t"',
  );

  it("writes an index and one page per agent", () => {
    expect([...files.keys()]).toEqual(["index.html", "alpha.html", "beta.html", "gamma.html"]);
  });

  it("highlights what an agent drops and leaves kept items plain; unsupported rows say why", () => {
    const index = files.get("index.html")!;
    expect(index).toContain('<td class="flag"><span class="flag">#0 text dropped</span></td>');
    expect(index).toContain('<td class="ok">#0 text kept</td>');
    expect(index).toContain('<td colspan="3">unsupported: gamma: not modelled</td>');
  });

  it("escapes the texts and shows the whole text and the wire on the agent's page", () => {
    const alpha = files.get("alpha.html")!;
    expect(alpha).toContain("<code>alpha_&lt;tool&gt;</code>");
    expect(alpha).toContain("<pre>a &lt;b&gt; &amp; c</pre>");
    expect(alpha).toContain("&quot;content&quot;: &quot;a &lt;b&gt; &amp; c&quot;");
  });
});
