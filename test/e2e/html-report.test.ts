import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCorpus } from "./corpus-fixture.js";
import { makeTempDir, repoRoot, runCli } from "./run-cli.js";

/** Debian's chromium (`.ci/run` installs it); locally the test says why it skips. */
function findChromium(): string | null {
  try {
    return execFileSync("which", ["chromium"], { encoding: "utf8" }).trim() || null;
  } catch {
    return null;
  }
}
const chromiumPath = findChromium();
if (!chromiumPath) console.log("html-report.test.ts: skipped: no chromium on PATH (apt-get install -y chromium; .ci/run installs it)");

const artifacts = join(repoRoot, "test-artifacts");
const ids = {
  xfail: "opencode-cli/bash/no-output",
  crashCli: "opencode-cli/bash/merged-stdout-stderr",
  crashCore: "opencode-core/bash/echo-two-parts",
  fail: "opencode-cli/truncate/head-by-lines",
  failLower: "opencode-core/lower/content-one-text-part",
  pass: "opencode-core/truncate/at-both-limits",
  passBytes: "opencode-core/truncate/bytes-at-limit",
};

/**
 * A run with passes, failures, an xfail and crashes: a miniature subject that crashes on every
 * format request (style point 14), one of those crashes listed in a baseline, one truncate
 * golden changed by one byte (`...90 lines truncated...` → `...91 lines truncated...`), and a
 * lower case the miniature gets wrong (it answers `lower` with an empty object).
 */
function produceReport(): { reportDir: string; baseline: string; code: number | null; root: string } {
  const root = makeCorpus(Object.values(ids));
  const golden = join(root, "golden", `${ids.fail}.yaml`);
  const text = readFileSync(golden, "utf8");
  expect(text).toContain("...90 lines truncated...");
  writeFileSync(golden, text.replace("...90 lines truncated...", "...91 lines truncated..."));
  const baseline = join(root, "baseline.yaml");
  writeFileSync(baseline, `- ${ids.xfail}  # crashes on purpose\n`);
  const reportDir = join(makeTempDir("correx-html-"), "report");
  const run = runCli([
    "check",
    "--root",
    root,
    "--update",
    "no",
    "--subject",
    `cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs crash-on-format`,
    "--baseline",
    baseline,
    "--reporter",
    `html=${reportDir}`,
    "--reporter",
    "pretty",
  ]);
  expect(run.stderr).toBe("");
  return { reportDir, baseline, code: run.code, root };
}

/** Counts shown in one matrix cell, by status. */
async function cellCounts(page: Page, profile: string, area: string, protocol: string): Promise<Record<string, string>> {
  return page.$$eval(`td.cell[data-profile="${profile}"][data-area="${area}"][data-protocol="${protocol}"] .count`, (spans) =>
    Object.fromEntries(spans.map((span) => [span.getAttribute("data-status"), span.textContent])),
  );
}

/** Reports other tests of this file open (their files are requested too). */
const otherReports: string[] = [];

const visibleCaseIds = (page: Page) => page.$$eval("#cases tbody tr:not([hidden]) td:nth-child(2) a", (links) => links.map((link) => link.textContent));

describe.skipIf(!chromiumPath)("correx check --reporter html=DIR in a real browser (issue 8)", () => {
  let context: BrowserContext;
  let page: Page;
  let report: ReturnType<typeof produceReport>;
  const requested: string[] = [];

  beforeAll(async () => {
    report = produceReport();
    mkdirSync(artifacts, { recursive: true });
    context = await chromium.launchPersistentContext(makeTempDir("correx-chromium-"), {
      executablePath: chromiumPath!,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
      offline: true,
      viewport: { width: 1400, height: 900 },
    });
    context.on("request", (request) => {
      requested.push(request.url());
    });
    // network disabled: anything that is not a file on disk is refused
    await context.route("**/*", (route) => (route.request().url().startsWith("file://") ? route.continue() : route.abort()));
    page = context.pages()[0] ?? (await context.newPage());
  }, 120_000); // a check run and a browser start: slow on a loaded machine
  afterAll(async () => {
    await context?.close();
  });

  it("the run has passes, a failure, an xfail and crashes, and the folder holds an index and a page per case", () => {
    expect(report.code).toBe(1);
    expect(readdirSync(report.reportDir).sort()).toEqual([".correx-report", "cases", "index.html"]);
    expect(readdirSync(join(report.reportDir, "cases")).sort()).toEqual([
      "opencode-cli__bash__merged-stdout-stderr.html",
      "opencode-cli__bash__no-output.html",
      "opencode-cli__truncate__head-by-lines.html",
      "opencode-core__bash__echo-two-parts.html",
      "opencode-core__lower__content-one-text-part.html",
      "opencode-core__truncate__at-both-limits.html",
      "opencode-core__truncate__bytes-at-limit.html",
    ]);
    // no leftover temp folders beside the report
    expect(readdirSync(join(report.reportDir, ".."))).toEqual(["report"]);
  });

  it("the matrix shows the right counts per profile × tool or stage × protocol, and the run's metadata", async () => {
    await page.goto(pathToFileURL(join(report.reportDir, "index.html")).href);
    expect(await cellCounts(page, "opencode-cli", "bash", "-")).toEqual({ xfail: "1", crash: "1" });
    expect(await cellCounts(page, "opencode-cli", "truncate", "-")).toEqual({ fail: "1" });
    expect(await cellCounts(page, "opencode-core", "bash", "-")).toEqual({ crash: "1" });
    expect(await cellCounts(page, "opencode-core", "truncate", "-")).toEqual({ pass: "2" });
    for (const protocol of ["anthropic-messages", "google-gemini", "openai-chat", "openai-responses"]) {
      expect(await cellCounts(page, "opencode-core", "lower", protocol)).toEqual({ fail: "1" });
      expect(await cellCounts(page, "opencode-cli", "bash", protocol)).toEqual({});
    }
    expect(await page.getAttribute('td.cell[data-profile="opencode-cli"][data-area="truncate"][data-protocol="-"]', "class")).toBe("cell worst-fail");
    expect(await page.getAttribute('td.cell[data-profile="opencode-cli"][data-area="bash"][data-protocol="-"]', "class")).toBe("cell worst-crash");
    expect(await page.textContent('[data-meta="subject"]')).toBe(`cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs crash-on-format`);
    expect(await page.textContent('[data-meta="correx"]')).toBe("0.1.0");
    expect(await page.textContent('[data-meta="opencode-cli"]')).toBe("1.18.33");
    expect(await page.textContent('[data-meta="baseline"]')).toBe(report.baseline);
    expect(await page.textContent('[data-meta="shard"]')).toBe("—");
    expect(await page.$$eval("#totals .count", (spans) => spans.map((span) => `${span.getAttribute("data-status")}=${span.textContent}`))).toEqual([
      "pass=2",
      "fail=2",
      "xfail=1",
      "unsupported=0",
      "crash=2",
      "timeout=0",
    ]);
    await page.screenshot({ path: join(artifacts, "html-report-matrix.png"), fullPage: true });
  });

  it("filters and the search box narrow the case list and the matrix, without a server", async () => {
    await page.goto(pathToFileURL(join(report.reportDir, "index.html")).href);
    expect(await visibleCaseIds(page)).toHaveLength(7);
    await page.selectOption('select[name="status"]', "crash");
    expect(await visibleCaseIds(page)).toEqual([ids.crashCli, ids.crashCore]);
    expect(await cellCounts(page, "opencode-cli", "bash", "-")).toEqual({ crash: "1" });
    expect(await cellCounts(page, "opencode-core", "truncate", "-")).toEqual({});
    await page.selectOption('select[name="profile"]', "opencode-core");
    expect(await visibleCaseIds(page)).toEqual([ids.crashCore]);
    expect(await page.textContent("#shown")).toBe("1 of 7 cases");
    await page.click('button[type="reset"]');
    expect(await visibleCaseIds(page)).toHaveLength(7);
    await page.selectOption('select[name="protocol"]', "openai-chat");
    expect(await visibleCaseIds(page)).toEqual([ids.failLower]);
    expect(await page.isHidden('table.matrix th[data-protocol="google-gemini"]')).toBe(true);
    await page.selectOption('select[name="protocol"]', "");
    await page.selectOption('select[name="tag"]', "truncation");
    expect((await visibleCaseIds(page)).every((id) => id?.includes("/truncate/"))).toBe(true);
    await page.selectOption('select[name="tag"]', "");
    await page.fill('input[name="q"]', "merged-stdout");
    expect(await visibleCaseIds(page)).toEqual([ids.crashCli]);
    await page.fill('input[name="q"]', "");
    expect(await visibleCaseIds(page)).toHaveLength(7);
  });

  it("a failing cell leads to its case page, where the highlighted difference is the real differing byte", async () => {
    await page.goto(pathToFileURL(join(report.reportDir, "index.html")).href);
    await page.click('td.cell[data-profile="opencode-cli"][data-area="truncate"][data-protocol="-"] a');
    expect(await visibleCaseIds(page)).toEqual([ids.fail]);
    expect(await page.textContent("#cell-filter")).toBe("cell: opencode-cli / truncate / no protocol ✕");
    await page.click(`#cases a:text-is("${ids.fail}")`);
    expect(page.url()).toBe(pathToFileURL(join(report.reportDir, "cases", "opencode-cli__truncate__head-by-lines.html")).href);
    expect(await page.textContent("#case-id")).toBe(ids.fail);
    const difference = page.locator("#differences article.difference");
    expect(await difference.count()).toBe(1);
    expect(await difference.getAttribute("data-pointer")).toBe("/result");
    // expected: "line 0\n…line 9\n\n...91 lines truncated..."; actual has 90: the 76th byte differs
    const before = [...Array(10).keys()].map((n) => `line ${n}`).join("\n") + "\n\n...9";
    expect(before.length).toBe(75);
    expect(await difference.getAttribute("data-byte-offset")).toBe("75");
    expect(await difference.locator('pre[data-side="expected"] mark.d').allTextContents()).toEqual(["1"]);
    expect(await difference.locator('pre[data-side="actual"] mark.d').allTextContents()).toEqual(["0"]);
    expect(await difference.locator("p.where").textContent()).toBe('first difference at byte 75 (line 12, column 5): expected U+0031 "1", actual U+0030 "0"');
    // the full values side by side and the case input are on the page too
    expect(await page.locator("#values .side.expected pre").textContent()).toContain("...91 lines truncated...");
    expect(await page.locator("#values .side.actual pre").textContent()).toContain("...90 lines truncated...");
    expect(await page.locator("#input pre").textContent()).toContain('"profile": "opencode-cli"');
    await page.screenshot({ path: join(artifacts, "html-report-failing-case.png"), fullPage: true });
  });

  it("j/k move between failures on the matrix page and on case pages, in the list's order (failures, then crashes)", async () => {
    await page.goto(pathToFileURL(join(report.reportDir, "index.html")).href);
    await page.keyboard.press("j");
    expect(await page.textContent("#cases tr.selected td:nth-child(2)")).toBe(ids.fail);
    await page.keyboard.press("j");
    expect(await page.textContent("#cases tr.selected td:nth-child(2)")).toBe(ids.failLower);
    await page.keyboard.press("j");
    expect(await page.textContent("#cases tr.selected td:nth-child(2)")).toBe(ids.crashCli);
    await page.keyboard.press("k");
    expect(await page.textContent("#cases tr.selected td:nth-child(2)")).toBe(ids.failLower);
    await page.keyboard.press("o");
    await page.waitForURL(/content-one-text-part\.html$/);
    expect(await page.textContent("p.message")).toContain("");
    await page.keyboard.press("j");
    await page.waitForURL(/merged-stdout-stderr\.html$/);
    await page.keyboard.press("j");
    await page.waitForURL(/echo-two-parts\.html$/);
    await page.keyboard.press("p");
    await page.waitForURL(/merged-stdout-stderr\.html$/);
    await page.keyboard.press("u");
    await page.waitForURL(/index\.html$/);
  });

  it("opens on the failures: fails, then crashes, each with its message, case and golden files, what is true of the golden, and the command that reproduces it", async () => {
    await page.goto(pathToFileURL(join(report.reportDir, "index.html")).href);
    expect(await page.$$eval("body > section", (sections) => sections.map((section) => section.id))).toEqual(["failures", "matrix", "list"]);
    expect(await page.textContent("#failures h2")).toBe("Failures (4): 2 fail, 2 crash");
    expect(await page.$$eval("#failures li.failure", (items) => items.map((item) => `${item.getAttribute("data-status")} ${item.querySelector("a")!.textContent}`))).toEqual([
      `fail ${ids.fail}`,
      `fail ${ids.failLower}`,
      `crash ${ids.crashCli}`,
      `crash ${ids.crashCore}`,
    ]);
    const first = page.locator("#failures li.failure").first();
    expect(await first.locator("p.message").textContent()).toBe("1 difference");
    expect(await first.locator('[data-fact="case file"]').textContent()).toBe(`${report.root}/fixtures/cases/${ids.fail}.yaml`);
    expect(await first.locator('[data-fact="golden"]').textContent()).toBe(`${report.root}/golden/${ids.fail}.yaml (exists, differs (no pending file: nothing is written with --update no))`);
    expect(await first.locator('[data-fact="reproduce"]').textContent()).toBe(
      `npx correx check --subject 'cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs crash-on-format' --root ${report.root} --case ${ids.fail}`,
    );
    // the case list puts them first too
    expect((await visibleCaseIds(page)).slice(0, 4)).toEqual([ids.fail, ids.failLower, ids.crashCli, ids.crashCore]);
    // a case page says what is true of its golden
    await page.goto(pathToFileURL(join(report.reportDir, "cases", "opencode-core__truncate__at-both-limits.html")).href);
    expect(await page.textContent('[data-fact="golden"]')).toBe("exists, matches");
    expect(await page.textContent('[data-fact="golden file"]')).toBe(`${report.root}/golden/${ids.pass}.yaml`);
    expect(await page.textContent("#reproduce")).toBe(
      `npx correx check --subject 'cmd:node ${repoRoot}/test/miniatures/miniature-adapter.mjs crash-on-format' --root ${report.root} --case ${ids.pass}`,
    );
  });

  it("on a long line, the highlighted byte is scrolled into view on both sides", async () => {
    const id = "opencode-cli/read/line-of-exactly-2000-chars";
    const root = makeCorpus([id]);
    const golden = join(root, "golden", `${id}.yaml`);
    const text = readFileSync(golden, "utf8");
    expect(text).toContain("- { $repeat: { text: b, count: 2000 } }");
    // the golden's 1996th b becomes an X: the difference sits ~2,000 columns to the right
    writeFileSync(golden, text.replace("- { $repeat: { text: b, count: 2000 } }", '- { $repeat: { text: b, count: 1995 } }\n        - "Xbbbb"'));
    const reportDir = join(makeTempDir("correx-html-long-"), "report");
    otherReports.push(pathToFileURL(reportDir).href);
    const run = runCli(["check", "--root", root, "--update", "no", "--reporter", `html=${reportDir}`]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    await page.goto(pathToFileURL(join(reportDir, "cases", "opencode-cli__read__line-of-exactly-2000-chars.html")).href);
    for (const side of ["expected", "actual"]) {
      const inView = await page.$eval(`#differences pre[data-side="${side}"]`, (pre) => {
        const mark = pre.querySelector("mark.d")!.getBoundingClientRect();
        const box = pre.getBoundingClientRect();
        return { scrolled: pre.scrollLeft > 0, inside: mark.left >= box.left && mark.right <= box.right && mark.top >= box.top && mark.bottom <= box.bottom };
      });
      expect(inView, side).toEqual({ scrolled: true, inside: true });
    }
    expect(await page.textContent("#differences mark.d")).toBe("X");
    await page.screenshot({ path: join(artifacts, "html-report-long-line.png"), fullPage: true });
  });

  it("the report opens from disk with the network disabled and makes no requests beyond its own files", () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith("file://"))).toEqual([]);
    const own = pathToFileURL(report.reportDir).href;
    expect(requested.filter((url) => !url.startsWith(own) && !otherReports.some((other) => url.startsWith(other)))).toEqual([]);
    expect(existsSync(join(artifacts, "html-report-matrix.png"))).toBe(true);
    expect(existsSync(join(artifacts, "html-report-failing-case.png"))).toBe(true);
  });
});
