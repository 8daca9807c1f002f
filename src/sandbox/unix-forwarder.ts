import { connect, createServer, type Server, type Socket } from "node:net";

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
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
    const end = () => {
      incoming.destroy();
      outgoing.destroy();
      sockets.delete(incoming);
      sockets.delete(outgoing);
    };
    incoming.on("error", end);
    outgoing.on("error", end);
    incoming.on("close", end);
    outgoing.on("close", end);
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
