/** One cell to wait on: nothing ever notifies it, so a wait on it always runs to its timeout. */
const never = new Int32Array(new SharedArrayBuffer(4));

/**
 * Blocks the thread for `ms` milliseconds without spinning: for loops that must stay synchronous
 * (an `exit` handler, a read or write that met EAGAIN on a non-blocking descriptor).
 */
export function pauseSync(ms: number): void {
  Atomics.wait(never, 0, 0, ms);
}
