/** At most `count` tasks at once, started in the order they were queued (first come, first served). */
export interface GateJobSlots {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** A pool of `count` slots that several gate runs (one per protocol) can share, so `--jobs N` bounds them all together. */
export function createGateJobSlots(count: number): GateJobSlots {
  let free = Math.max(1, count);
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async run(task) {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
