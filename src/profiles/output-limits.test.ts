import { describe, expect, it } from "vitest";
import { createMemoryOutputStore } from "./memory-output-store.test-support.js";
import { resolveLimits } from "./output-limits.js";
import { profiles } from "./profile-registry.js";

const defaults = { maxLines: 2000, maxBytes: 51200 };

describe("resolveLimits: schemas/options.json limits over the §3.1 and §3.2 defaults", () => {
  it("fills in the profile's defaults and keeps given non-negative integers, zero included", () => {
    expect(resolveLimits(undefined, defaults)).toEqual(defaults);
    expect(resolveLimits({ maxBytes: 0 }, defaults)).toEqual({ maxLines: 2000, maxBytes: 0 });
    expect(resolveLimits({ maxLines: 7, maxBytes: 100 }, defaults)).toEqual({ maxLines: 7, maxBytes: 100 });
  });

  it("refuses a fractional, negative, NaN or infinite limit with one line naming the field", () => {
    expect(() => resolveLimits({ maxBytes: 4096.5 }, defaults)).toThrow(new RangeError("options.limits.maxBytes must be a non-negative integer (schemas/options.json), found 4096.5"));
    expect(() => resolveLimits({ maxLines: -1 }, defaults)).toThrow("options.limits.maxLines must be a non-negative integer (schemas/options.json), found -1");
    expect(() => resolveLimits({ maxLines: Number.NaN }, defaults)).toThrow("found NaN");
    expect(() => resolveLimits({ maxBytes: Number.POSITIVE_INFINITY }, defaults)).toThrow("found Infinity");
  });

  it("is what both profiles' truncate apply", () => {
    const store = createMemoryOutputStore((n) => `/out/tool_${n}`);
    expect(() => profiles["opencode-cli"].truncate({ text: "a\nb", options: { limits: { maxBytes: 1.5 } } }, store)).toThrow(RangeError);
    expect(() => profiles["opencode-core"].truncate({ output: { structured: {}, content: [{ type: "text", text: "a" }] }, options: { limits: { maxLines: 0.5 } } }, store)).toThrow(RangeError);
  });
});
