import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { type PeerProcess, socketPeerProcess } from "./socket-peer-process.js";

describe.skipIf(process.platform !== "linux")("socketPeerProcess (/proc)", () => {
  it("reads the environment and executable of the process on the other end of a loopback connection, not the parent's", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const seen = new Promise<PeerProcess | undefined>((resolve) => server.on("connection", (socket) => resolve(socketPeerProcess(socket.remotePort ?? 0))));
    const client = spawn(process.execPath, ["-e", `require("net").connect(${port}, "127.0.0.1"); setTimeout(() => {}, 5000)`], {
      env: { PATH: process.env.PATH ?? "", HOME: "/agent-home", CORREX_PEER_TEST: "yes" },
      stdio: "ignore",
    });
    try {
      const peer = await seen;
      expect(peer?.environment.HOME).toBe("/agent-home");
      expect(peer?.environment.CORREX_PEER_TEST).toBe("yes");
      // The file the peer runs, not correx's parent: here node itself.
      expect(peer?.executable).toBe(realpathSync(process.execPath));
    } finally {
      client.kill();
      server.close();
    }
  });
  it("is undefined for a port no socket uses", () => {
    expect(socketPeerProcess(1)).toBeUndefined();
  });
});
