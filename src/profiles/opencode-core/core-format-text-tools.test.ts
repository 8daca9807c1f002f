import { describe, expect, it } from "vitest";
import { formatApplyPatch } from "./apply-patch/core-format-apply-patch.js";
import { formatGlob } from "./glob/core-format-glob.js";
import { formatGrep } from "./grep/core-format-grep.js";
import { formatQuestion } from "./question/core-format-question.js";
import { formatSkill } from "./skill/core-format-skill.js";
import { formatTodowrite } from "./todowrite/core-format-todowrite.js";
import { formatWebfetch } from "./webfetch/core-format-webfetch.js";
import { formatWebsearch } from "./websearch/core-format-websearch.js";
import { formatWrite } from "./write/core-format-write.js";

const only = (result: unknown) => (result as { content: { text: string }[] }).content.map((part) => part.text);

describe("write (§2.3 v2)", () => {
  it("says Created for a new file and Wrote for an existing one, with the resource", () => {
    expect(only(formatWrite({ path: "a", content: "" }, { path: "/w/a", resource: "a", existed: false }))).toEqual(["Created file successfully: a"]);
    expect(only(formatWrite({ path: "a", content: "" }, { path: "/w/a", resource: "a", existed: true }))).toEqual(["Wrote file successfully: a"]);
  });
});

describe("apply_patch (§2.4 v2)", () => {
  it("lists A|M|D lines after `Applied patch sequentially:`", () => {
    const result = formatApplyPatch(
      { patchText: "" },
      {
        changes: [
          { op: "A", path: "n.ts" },
          { op: "M", path: "m.ts" },
          { op: "D", path: "d.ts" },
        ],
      },
    );
    expect(only(result)).toEqual(["Applied patch sequentially:\nA n.ts\nM m.ts\nD d.ts"]);
  });
});

describe("grep (§2.5 v2)", () => {
  it("groups matches by file with a blank line between groups and keeps each match's terminator", () => {
    const result = formatGrep(
      { pattern: "x" },
      {
        matches: [
          { path: "/w/a", line: 1, text: "x\n" },
          { path: "/w/a", line: 3, text: "xx\n" },
          { path: "/w/b", line: 2, text: "x\n" },
        ],
      },
    );
    expect(only(result)).toEqual(["Found 3 matches\n/w/a:\n  Line 1: x\n\n  Line 3: xx\n\n\n/w/b:\n  Line 2: x\n"]);
  });

  it("says No files found when nothing matches", () => {
    expect(only(formatGrep({ pattern: "x" }, { matches: [] }))).toEqual(["No files found"]);
  });

  it("cuts a line over 2000 chars (terminator included) to 2000 and adds ... (the ripgrep service's preview; the binary, seed 5002)", () => {
    const long = `NEEDLE${"m".repeat(2100)}\n`;
    expect(only(formatGrep({ pattern: "NEEDLE" }, { matches: [{ path: "/w/l", line: 1, text: long }] }))).toEqual([`Found 1 matches\n/w/l:\n  Line 1: ${long.slice(0, 2000)}...`]);
  });
});

describe("glob (§2.6 v2)", () => {
  it("joins paths by \\n with no trailing newline, or says No files found", () => {
    expect(only(formatGlob({ pattern: "*" }, { paths: ["/w/a", "/w/b"] }))).toEqual(["/w/a\n/w/b"]);
    expect(only(formatGlob({ pattern: "*" }, { paths: [] }))).toEqual(["No files found"]);
  });
});

describe("webfetch (§2.8 v2)", () => {
  it("passes a non-HTML body through", () => {
    expect(only(formatWebfetch({ url: "http://x" }, { url: "http://x", contentType: "text/plain", body: "a\nb" }))).toEqual(["a\nb"]);
  });

  it("fails with `Unable to fetch <url>` on a non-2xx status and on a body it does not read as text (the bundle maps every failure; seed 5002)", () => {
    expect(formatWebfetch({ url: "http://x/y" }, { url: "http://x/y", status: 404, contentType: "text/plain", body: "" })).toEqual({ failure: "Unable to fetch http://x/y" });
    expect(formatWebfetch({ url: "http://x/i" }, { url: "http://x/i", status: 200, contentType: "image/png", base64: "iVBORw==" })).toEqual({ failure: "Unable to fetch http://x/i" });
  });
});

describe("websearch (§2.9 v2)", () => {
  it("is the provider text", () => {
    expect(only(formatWebsearch({ query: "q" }, { text: "result" }))).toEqual(["result"]);
  });
});

describe("todowrite (§2.10)", () => {
  it("is JSON.stringify(todos, null, 2)", () => {
    const todos = [{ content: "a", status: "pending", priority: "high" }];
    expect(only(formatTodowrite({ todos }, {}))).toEqual(['[\n  {\n    "content": "a",\n    "status": "pending",\n    "priority": "high"\n  }\n]']);
  });
});

describe("question (§2.11)", () => {
  it("pairs each question with its labels joined by `, `, or Unanswered", () => {
    const result = formatQuestion({ questions: [{ question: "Color?" }, { question: "Size?" }, { question: "Why?" }] }, { answers: [["Blue", "Red"], []] });
    expect(only(result)).toEqual(['User has answered your questions: "Color?"="Blue, Red", "Size?"="Unanswered", "Why?"="Unanswered". You can now continue with the user\'s answers in mind.']);
  });
});

describe("skill (§2.14)", () => {
  it("prints the skill block with at most 10 sorted files", () => {
    const files = Array.from({ length: 12 }, (_, i) => `/s/f${String(11 - i).padStart(2, "0")}`);
    const text = only(formatSkill({ name: "x" }, { name: "x", content: "  body\n", directory: "/s", files }))[0];
    const fileLines = Array.from({ length: 10 }, (_, i) => `<file>/s/f${String(i).padStart(2, "0")}</file>`).join("\n");
    expect(text).toBe(
      `<skill_content name="x">\n# Skill: x\n\nbody\n\nBase directory for this skill: /s\nRelative paths in this skill (e.g., scripts/, reference/) are relative to this base directory.\nNote: file list is sampled.\n\n<skill_files>\n${fileLines}\n</skill_files>\n</skill_content>`,
    );
  });

  it("leaves no empty line for an empty file list", () => {
    const text = only(formatSkill({ name: "x" }, { name: "x", content: "b", directory: "/s", files: [] }))[0];
    expect(text.endsWith("<skill_files>\n</skill_files>\n</skill_content>")).toBe(true);
  });
});
