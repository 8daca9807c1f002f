import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prepareSandboxLayout, SANDBOX_PATH, sandboxMountTable, sandboxSetupSaid, sandboxUnshareArgs } from "./sandbox-layout.js";
import { sandboxUnavailableReason } from "./sandbox-support.js";

const layout = {
  control: "/tmp/correx-sandbox-AbC123",
  root: "/tmp/correx-sandbox-AbC123/root",
  mounts: [
    { path: "/", kind: "directory" },
    { path: "/etc/hosts", kind: "file" },
    { path: "/mnt/with space", kind: "directory" },
  ],
} as const;

describe("the sandbox's mount table", () => {
  it("overlays each directory mount with its own layer, binds file mounts read-only, then /dev, /dev/shm, /proc and /sys, in that order; blanks escaped as fstab wants", () => {
    expect(sandboxMountTable(layout, ["/tmp/run dir"], { userNamespace: false, withSys: true })).toBe(
      [
        "overlay /tmp/correx-sandbox-AbC123/root overlay lowerdir=/,upperdir=/tmp/correx-sandbox-AbC123/layers/0/upper,workdir=/tmp/correx-sandbox-AbC123/layers/0/work 0 0",
        "/etc/hosts /tmp/correx-sandbox-AbC123/root/etc/hosts none bind,ro 0 0",
        "overlay /tmp/correx-sandbox-AbC123/root/mnt/with\\040space overlay lowerdir=/mnt/with\\040space,upperdir=/tmp/correx-sandbox-AbC123/layers/2/upper,workdir=/tmp/correx-sandbox-AbC123/layers/2/work 0 0",
        "/tmp/run\\040dir /tmp/correx-sandbox-AbC123/root/tmp/run\\040dir none bind 0 0",
        "/dev /tmp/correx-sandbox-AbC123/root/dev none rbind 0 0",
        "tmpfs /tmp/correx-sandbox-AbC123/root/dev/shm tmpfs mode=1777 0 0",
        "proc /tmp/correx-sandbox-AbC123/root/proc proc defaults 0 0",
        "sysfs /tmp/correx-sandbox-AbC123/root/sys sysfs ro 0 0",
        "",
      ].join("\n"),
    );
  });

  it("in a user namespace the overlays keep their attributes as user.* xattrs; without /sys the last line goes", () => {
    const table = sandboxMountTable({ ...layout, mounts: [{ path: "/", kind: "directory" }] }, [], { userNamespace: true, withSys: false });
    expect(table).toBe(
      [
        "overlay /tmp/correx-sandbox-AbC123/root overlay lowerdir=/,upperdir=/tmp/correx-sandbox-AbC123/layers/0/upper,workdir=/tmp/correx-sandbox-AbC123/layers/0/work,userxattr 0 0",
        "/dev /tmp/correx-sandbox-AbC123/root/dev none rbind 0 0",
        "tmpfs /tmp/correx-sandbox-AbC123/root/dev/shm tmpfs mode=1777 0 0",
        "proc /tmp/correx-sandbox-AbC123/root/proc proc defaults 0 0",
        "",
      ].join("\n"),
    );
  });
});

/** Runs `program` in a sandbox made by sandboxUnshareArgs, after `edit` may change its mount tables. */
function runInSandbox(program: string[], edit: (control: string) => void = () => {}) {
  const sandbox = prepareSandboxLayout();
  try {
    const args = sandboxUnshareArgs(sandbox, [], program);
    edit(sandbox.control);
    return spawnSync("unshare", args, { env: { PATH: SANDBOX_PATH }, encoding: "utf8", timeout: 20_000 });
  } finally {
    sandbox.remove();
  }
}

describe("the sandbox's set-up", async () => {
  const unavailable = await sandboxUnavailableReason();

  it.skipIf(unavailable !== null)("mounts the table: the overlaid root, a new /proc whose pids follow the machine's, /sys read-only, loopback up, and no variable of the set-up's shell", () => {
    const run = runInSandbox([
      "/bin/sh",
      "-c",
      'grep -c "" /proc/self/mountinfo >/dev/null && cat /proc/self/stat | cut -d" " -f1 && grep " /sys " /proc/self/mountinfo | cut -d" " -f6 && cat /sys/class/net/lo/operstate && env',
    ]);
    expect(run.stderr).toBe("");
    const [pid, sysOptions, loopback, ...environment] = run.stdout.trim().split("\n");
    expect(Number(pid)).toBeGreaterThan(1);
    expect(sysOptions?.split(",")).toContain("ro");
    expect(["unknown", "up"]).toContain(loopback);
    // `env` itself runs from sh: sh's own PWD is all it adds (dash), nothing from the set-up
    expect(environment.filter((line) => !line.startsWith("PWD="))).toEqual([`PATH=${SANDBOX_PATH}`]);
  });

  it.skipIf(unavailable !== null)("a /sys the machine refuses is done without; any other mount that fails ends the set-up and says which", () => {
    const breakSys = (control: string) => {
      const table = join(control, "mounts");
      writeFileSync(table, readFileSync(table, "utf8").replace(" sysfs ro ", " correx-no-such-fs ro "));
    };
    const withoutSys = runInSandbox(["/bin/sh", "-c", "test -e /proc/self/stat && ls /sys | wc -l"], breakSys);
    expect(withoutSys.stderr).toBe("");
    expect(withoutSys.stdout.trim()).toBe("0");
    expect(withoutSys.status).toBe(0);

    const breakProc = (control: string) => {
      for (const name of ["mounts", "mounts-without-sys"]) {
        const table = join(control, name);
        writeFileSync(table, readFileSync(table, "utf8").replace(" proc defaults ", " correx-no-such-fs defaults "));
      }
    };
    const withoutProc = runInSandbox(["/bin/true"], breakProc);
    expect(withoutProc.status).not.toBe(0);
    expect(sandboxSetupSaid(withoutProc.stderr)).toMatch(/^mount: \/.+\/root\/proc: /);
  });
});

describe("what a sandbox that ended early said", () => {
  it("the first failed mount, not the mount points that failed after it nor mount's dmesg hints", () => {
    const stderr = [
      "mount: /tmp/c/root: wrong fs type, bad option, bad superblock on overlay, missing codepage or helper program, or other error.",
      "       dmesg(1) may have more information after failed mount system call.",
      "mount: /tmp/c/root/dev: mount point does not exist.",
      "       dmesg(1) may have more information after failed mount system call.",
      "",
    ].join("\n");
    expect(sandboxSetupSaid(stderr)).toBe("mount: /tmp/c/root: wrong fs type, bad option, bad superblock on overlay, missing codepage or helper program, or other error.");
  });

  it("otherwise its last three lines, in one", () => {
    expect(sandboxSetupSaid("one\ntwo\nthree\nfour\n")).toBe("two; three; four");
    expect(sandboxSetupSaid("")).toBe("");
  });
});
