import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/temp-dirs.js";
import { REPORT_MARKER, writeHtmlReport } from "./write-html-report.js";

const temp = () => makeTempDir("correx-write-report-");

describe("writeHtmlReport: atomic, never a partial report", () => {
  it("writes every file and the marker, and leaves nothing beside the folder", () => {
    const parent = temp();
    writeHtmlReport(
      join(parent, "report"),
      new Map([
        ["index.html", "<p>1</p>"],
        ["cases/a.html", "<p>a</p>"],
      ]),
    );
    expect(readdirSync(parent)).toEqual(["report"]);
    expect(readdirSync(join(parent, "report")).sort()).toEqual([REPORT_MARKER, "cases", "index.html"]);
    expect(readFileSync(join(parent, "report/cases/a.html"), "utf8")).toBe("<p>a</p>");
  });

  it("replaces an earlier report whole (no file of the old one survives)", () => {
    const parent = temp();
    const dir = join(parent, "report");
    writeHtmlReport(
      dir,
      new Map([
        ["index.html", "old"],
        ["cases/gone.html", "old"],
      ]),
    );
    writeHtmlReport(dir, new Map([["index.html", "new"]]));
    expect(readdirSync(dir).sort()).toEqual([REPORT_MARKER, "index.html"]);
    expect(readFileSync(join(dir, "index.html"), "utf8")).toBe("new");
    expect(readdirSync(parent)).toEqual(["report"]);
  });

  it("a write that fails halfway leaves the earlier report intact and no temp folder", () => {
    const parent = temp();
    const dir = join(parent, "report");
    writeHtmlReport(dir, new Map([["index.html", "old"]]));
    // "index.html/x.html" cannot be written: index.html is a file by then
    expect(() =>
      writeHtmlReport(
        dir,
        new Map([
          ["index.html", "new"],
          ["index.html/x.html", "boom"],
        ]),
      ),
    ).toThrowError(/cannot write report/);
    expect(readFileSync(join(dir, "index.html"), "utf8")).toBe("old");
    expect(readdirSync(parent)).toEqual(["report"]);
  });

  it("refuses to replace a folder that holds other files", () => {
    const parent = temp();
    const dir = join(parent, "mine");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "keep me");
    expect(() => writeHtmlReport(dir, new Map([["index.html", "x"]]))).toThrowError(/not empty and holds no \.correx-report/);
    expect(readFileSync(join(dir, "notes.txt"), "utf8")).toBe("keep me");
    expect(existsSync(join(dir, "index.html"))).toBe(false);
    expect(readdirSync(parent)).toEqual(["mine"]);
  });

  it("writes into an existing empty folder", () => {
    const parent = temp();
    mkdirSync(join(parent, "empty"));
    writeHtmlReport(join(parent, "empty"), new Map([["index.html", "x"]]));
    expect(readFileSync(join(parent, "empty/index.html"), "utf8")).toBe("x");
  });
  it("a folder given as a link: the report goes where it leads and the link stays; a link to nothing is refused", () => {
    const parent = temp();
    const real = join(parent, "real-report");
    writeHtmlReport(real, new Map([["index.html", "old"]]));
    symlinkSync(real, join(parent, "linked"));
    writeHtmlReport(join(parent, "linked"), new Map([["index.html", "new"]]));
    expect(lstatSync(join(parent, "linked")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(real, "index.html"), "utf8")).toBe("new");
    expect(readdirSync(parent).sort()).toEqual(["linked", "real-report"]);
    symlinkSync(join(parent, "nowhere"), join(parent, "dangling"));
    expect(() => writeHtmlReport(join(parent, "dangling"), new Map([["index.html", "x"]]))).toThrow("cannot write report: it is a link to a path that does not exist");
    expect(readdirSync(parent).sort()).toEqual(["dangling", "linked", "real-report"]);
  });
});
