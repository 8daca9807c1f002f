import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The agent process as /proc shows it: its environment and, when readable, its executable. */
export interface PeerProcess {
  /** What its tool commands inherit, which a driver script may have replaced (`env -i HOME=…`). */
  environment: Record<string, string>;
  /** The file it runs (/proc/<pid>/exe): an agent binary whose shell runs tools embedded in it (Claude Code's ugrep and bfs) names it. */
  executable?: string;
}

/**
 * The local process on the other end of a loopback TCP connection, read from /proc: the
 * connection's socket inode from /proc/net/tcp (the peer's local port), the process holding that
 * inode among its file descriptors, then its /proc/<pid>/environ and /proc/<pid>/exe. Undefined
 * without /proc, or when the peer is gone or belongs to another user. Synchronous on purpose: it runs before the agent's first request is
 * answered, while the agent is surely alive; it blocks the event loop (every scenario of a
 * `--jobs N` gate) for that long, so it reads as little of /proc as it can.
 * @see issue "facts-only observer" (a replayed command sees the environment the agent gave it)
 */
export function socketPeerProcess(peerPort: number): PeerProcess | undefined {
  const inode = socketInode(peerPort);
  if (inode === undefined) return undefined;
  const pid = processHolding(`socket:[${inode}]`);
  if (pid === undefined) return undefined;
  try {
    const environ = readFileSync(`/proc/${pid}/environ`, "utf8");
    const env: Record<string, string> = {};
    for (const entry of environ.split("\0")) {
      const equals = entry.indexOf("=");
      if (equals > 0) env[entry.slice(0, equals)] = entry.slice(equals + 1);
    }
    return { environment: env, ...executableOf(pid) };
  } catch {
    return undefined;
  }
}

function executableOf(pid: number): { executable?: string } {
  try {
    const executable = readlinkSync(`/proc/${pid}/exe`);
    // A file replaced while it ran reads `… (deleted)`: no longer what ran.
    return executable.endsWith(" (deleted)") ? {} : { executable };
  } catch {
    return {};
  }
}

/** The inode of the TCP socket whose local port is `port` (IPv4 or IPv6 tables). */
function socketInode(port: number): string | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    if (!text.includes(`:${hexPort} `)) continue; // most tables have no such port: no line split
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      if (fields.length > 9 && fields[1]?.endsWith(`:${hexPort}`) && fields[9] !== "0") return fields[9];
    }
  }
  return undefined;
}

/** The first process with a file descriptor linking to `target` (e.g. `socket:[123]`). */
function processHolding(target: string): number | undefined {
  let pids: string[];
  try {
    // Newest first: the peer is an agent process started moments ago, so on a busy machine (many
    // processes, each with its descriptors to read) it is found among the first few looked at.
    pids = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === target) return Number(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}
