import { describe, expect, it } from "vitest";
import { sandboxMounts } from "./sandbox-mounts.js";

const mountinfo = [
  "22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw",
  "23 22 0:5 / /dev rw,nosuid shared:2 - devtmpfs devtmpfs rw",
  "24 23 0:20 / /dev/pts rw - devpts devpts rw",
  "25 22 0:21 / /proc rw - proc proc rw",
  "26 22 0:22 / /sys rw - sysfs sysfs rw",
  "27 22 0:23 / /tmp rw - tmpfs tmpfs rw",
  "28 22 0:24 / /run/user/0 rw - tmpfs tmpfs rw",
  "29 22 0:25 / /run rw - tmpfs tmpfs rw",
  "30 22 254:0 /etc/hosts /etc/hosts ro - ext4 /dev/vda rw",
  "31 22 0:26 / /mnt/with\\040space rw - ext4 /dev/vdb rw",
  "32 22 0:27 / /home/u/fuse rw - fuse.sshfs host: rw",
  "33 22 0:28 / /gone rw - ext4 /dev/vdc rw",
].join("\n");

describe("the mounts a sandbox overlays", () => {
  it("every real file system, parents first, none of /proc, /sys, /dev or virtual ones; file mounts bound; escapes undone", () => {
    const kinds: Record<string, "directory" | "file" | "missing"> = { "/etc/hosts": "file", "/gone": "missing" };
    expect(sandboxMounts(mountinfo, (path) => kinds[path] ?? "directory")).toEqual([
      { path: "/", kind: "directory" },
      { path: "/tmp", kind: "directory" },
      { path: "/run", kind: "directory" },
      { path: "/etc/hosts", kind: "file" },
      { path: "/mnt/with space", kind: "directory" },
      { path: "/run/user/0", kind: "directory" },
    ]);
  });
});
