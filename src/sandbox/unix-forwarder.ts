import { connect, createServer, type Server, type Socket } from "node:net";
import { joinSockets } from "./join-sockets.js";

/** A unix socket that carries every connection to 127.0.0.1:PORT (the fake provider) on this machine. */
export interface UnixForwarder {
  close(): Promise<void>;
}

/** Listens on `socketPath` and pipes each connection to the TCP port `port` on 127.0.0.1. */
export function startUnixForwarder(socketPath: string, port: number): Promise<UnixForwarder> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming) => {
    const outgoing = connect(port, "127.0.0.1");
    sockets.add(incoming);
    sockets.add(outgoing);
    joinSockets(incoming, outgoing, () => {
      sockets.delete(incoming);
      sockets.delete(outgoing);
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () =>
      resolve({
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}
