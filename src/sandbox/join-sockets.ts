import type { Socket } from "node:net";

/** Pipes two sockets into each other; when either ends or fails, both are destroyed. */
export function joinSockets(a: Socket, b: Socket, onEnd?: () => void): void {
  a.pipe(b);
  b.pipe(a);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    a.destroy();
    b.destroy();
    onEnd?.();
  };
  for (const socket of [a, b]) {
    socket.on("error", end);
    socket.on("close", end);
  }
}
