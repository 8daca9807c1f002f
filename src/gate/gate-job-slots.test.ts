import { describe, expect, it } from "vitest";
import { createGateJobSlots } from "./gate-job-slots.js";

describe("createGateJobSlots", () => {
  it("runs at most N tasks at once, starting them in the order they were queued, and frees a slot when a task throws", async () => {
    const slots = createGateJobSlots(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const task = (n: number, ms: number, fail = false) =>
      slots.run(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, ms));
        running--;
        if (fail) throw new Error(`task ${n}`);
        return n;
      });
    const results = await Promise.allSettled([task(1, 30), task(2, 5, true), task(3, 5), task(4, 5), task(5, 5)]);
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual([1, "task 2", 3, 4, 5]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
