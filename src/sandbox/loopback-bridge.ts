import { renameSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { socketPeerProcess } from "../process/socket-peer-process.js";
import { joinSockets } from "./join-sockets.js";

/**
 * Runs inside an agent's sandbox (`correx gate --sandbox`), whose network namespace has only its
 * own loopback: listens on 127.0.0.1:PORT there — the fake provider's port outside — and carries
 * each connection over the unix socket SOCKET to the gate, which passes it on to the fake. On the
 * first connection it writes the environment and executable of the process that connected (read
 * from this namespace's /proc, like the gate does outside) to ENV_FILE, as JSON. `ENV_FILE.ready` exists once it listens.
 *
 * usage: node loopback-bridge.js PORT SOCKET ENV_FILE
 */
const [portText, socketPath, envFile] = process.argv.slice(2);
const port = Number(portText);
let first = true;
const server = createServer((inside) => {
  if (first && inside.remotePort !== undefined) {
    first = false;
    const peer = socketPeerProcess(inside.remotePort);
    if (peer) {
      writeFileSync(`${envFile}.tmp`, JSON.stringify(peer));
      renameSync(`${envFile}.tmp`, envFile!);
    }
  }
  joinSockets(inside, connect(socketPath!));
});
server.listen(port, "127.0.0.1", () => writeFileSync(`${envFile}.ready`, ""));
