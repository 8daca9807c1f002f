import { describe, expect, it } from "vitest";
import { rustTrim, rustTrimEnd } from "./rust-trim.js";

/** Rust's White_Space set, not JavaScript's: a BOM stays, U+0085 goes (spec §4.2; fixtures/scenarios/codex-patch-bom.yaml). */
describe("rustTrim", () => {
  it("keeps a BOM, which JavaScript's trim strips", () => {
    expect(rustTrim("\ufeffbom ")).toBe("\ufeffbom");
    expect("\ufeffbom ".trim()).toBe("bom");
  });
  it("strips U+0085 and ideographic spaces at both ends, and only at the end for rustTrimEnd", () => {
    expect(rustTrim("\u3000wide\u0085")).toBe("wide");
    expect(rustTrimEnd(" \tx \u0085\u2028")).toBe(" \tx");
  });
});
