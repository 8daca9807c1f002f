import { describe, expect, it } from "vitest";
import { extensionMime } from "./read-sniff-mime.js";

describe("extensionMime: mime-types 3.0.2 over mime-db 1.54.0, as the 1.18.33 bundle (§2.2b; seeds 12, 5002)", () => {
  it("maps by extension, case-insensitively, with mime-db's preference", () => {
    expect(extensionMime("/w/src/Readme-1.ts")).toBe("video/mp2t");
    expect(extensionMime("/w/a.MD")).toBe("text/markdown");
    expect(extensionMime("/w/a.txt")).toBe("text/plain");
    expect(extensionMime("/w/p.png")).toBe("image/png");
  });
  it("is application/octet-stream for a name without an extension or an unknown one", () => {
    expect(extensionMime("/w/notes-3")).toBe("application/octet-stream");
    expect(extensionMime("/w/.hidden")).toBe("application/octet-stream");
    expect(extensionMime("/w/x.zzzunknown")).toBe("application/octet-stream");
  });
});
