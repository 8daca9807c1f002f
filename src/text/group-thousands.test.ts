import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupThousands } from "./group-thousands.js";

describe("groupThousands", () => {
  it("writes integers with en-US thousands separators", () => {
    expect(groupThousands(0)).toBe("0");
    expect(groupThousands(999)).toBe("999");
    expect(groupThousands(1000)).toBe("1,000");
    expect(groupThousands(40000)).toBe("40,000");
    expect(groupThousands(1234567)).toBe("1,234,567");
    expect(groupThousands(-1234)).toBe("-1,234");
  });

  it("agrees with ICU's en-US formatting on any safe integer", () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (value) => groupThousands(value) === value.toLocaleString("en-US")));
  });
});
