import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { socketPeerEnvironment } from "./socket-peer-environment.js";

describe.skipIf(process.platform !== "linux")("socketPeerEnvironment (/proc)", () => {
  it("reads the environment of the process on the other end of a loopback connection, not the parent's", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const seen = new Promise<Record<string, string> | undefined>((resolve) => server.on("connection", (socket) => resolve(socketPeerEnvironment(socket.remotePort ?? 0))));
    const client = spawn(process.execPath, ["-e", `require("net").connect(${port}, "127.0.0.1"); setTimeout(() => {}, 5000)`], {
      env: { PATH: process.env.PATH ?? "", HOME: "/agent-home", CORREX_PEER_TEST: "yes" },
      stdio: "ignore",
    });
    try {
      const env = await seen;
      expect(env?.HOME).toBe("/agent-home");
      expect(env?.CORREX_PEER_TEST).toBe("yes");
    } finally {
      client.kill();
      server.close();
    }
  });
  it("is undefined for a port no socket uses", () => {
    expect(socketPeerEnvironment(1)).toBeUndefined();
  });
});
