import { describe, expect, it } from "vitest";
import { type CheckUpdateRequest, resolveCheckUpdate, resolveUpdateBehavior } from "./update-policy.js";

const request = (fields: Partial<CheckUpdateRequest>): CheckUpdateRequest => ({ mode: "auto", modeGiven: false, isCI: false, subjectIsReference: true, writeCorpusFromSubject: false, ...fields });

describe("update policy (style point 9; issue 13: updates know whose expectations they are)", () => {
  it("auto writes pending files locally and nothing under CI; always rewrites; no writes nothing", () => {
    expect([
      resolveUpdateBehavior("auto", false),
      resolveUpdateBehavior("auto", true),
      resolveUpdateBehavior("always", false),
      resolveUpdateBehavior("always", true),
      resolveUpdateBehavior("no", false),
    ]).toEqual(["pending", "none", "in-place", "none", "none"]);
  });

  it("the reference proposes pending goldens beside the spec's goldens", () => {
    expect(resolveCheckUpdate(request({}))).toEqual({ behavior: "pending", noWriteReason: "", subjectWritesCorpus: false });
  });

  it("any other subject writes nothing by default, and says why a missing golden stays missing", () => {
    expect(resolveCheckUpdate(request({ subjectIsReference: false }))).toEqual({
      behavior: "none",
      noWriteReason: "a subject other than the reference never writes into the corpus; see --pending-dir",
      subjectWritesCorpus: false,
    });
  });

  it("--pending-dir sends its pending files to the folder the user names", () => {
    expect(resolveCheckUpdate(request({ subjectIsReference: false, pendingDir: "/tmp/p" }))).toEqual({ behavior: "pending", pendingRoot: "/tmp/p", noWriteReason: "", subjectWritesCorpus: false });
  });

  it("an explicit --update always or new from such a subject is an error; --write-corpus-from-subject allows it and is flagged", () => {
    expect(resolveCheckUpdate(request({ subjectIsReference: false, mode: "always", modeGiven: true }))).toHaveProperty("error");
    expect(resolveCheckUpdate(request({ subjectIsReference: false, mode: "new", modeGiven: true }))).toHaveProperty("error");
    expect(resolveCheckUpdate(request({ subjectIsReference: false, mode: "always", modeGiven: true, writeCorpusFromSubject: true }))).toEqual({
      behavior: "in-place",
      noWriteReason: "",
      subjectWritesCorpus: true,
    });
  });

  it("under CI nothing is written whoever the subject is (and asking a subject to write the corpus is still refused)", () => {
    expect(resolveCheckUpdate(request({ isCI: true, subjectIsReference: false, writeCorpusFromSubject: true, mode: "always", modeGiven: true }))).toEqual({
      behavior: "none",
      noWriteReason: "nothing is written under CI",
      subjectWritesCorpus: false,
    });
    expect(resolveCheckUpdate(request({ isCI: true, subjectIsReference: false, mode: "always", modeGiven: true }))).toHaveProperty("error");
    expect(resolveCheckUpdate(request({ pendingDir: "/tmp/p", mode: "always", modeGiven: true }))).toEqual({
      error: "--pending-dir writes pending files, --update always rewrites goldens: choose one",
    });
  });
});
