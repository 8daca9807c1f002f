import { describe, expect, it } from "vitest";
import { externalCommandDirectories } from "./run-bash.js";

// The v2 runner's advisory scan (spec §2.1b warnings; the 1.18.33 bundle's externalCommandDirectories):
// words with quoted runs kept together, outer quotes and trailing ;,|& removed, absolute paths
// outside the workdir's canonical path give their parent directory once, in order.
describe("v2 bash: external directories named by absolute command arguments", () => {
  it("parents of absolute paths outside the workdir, once each, in order", () => {
    expect(externalCommandDirectories("diff /etc/a /var/log/b /etc/c", "/w")).toEqual(["/etc", "/var/log"]);
  });
  it("paths inside the workdir, relative paths and flags are skipped", () => {
    expect(externalCommandDirectories("cat /w/a ./b -n /wx/c", "/w")).toEqual(["/wx"]);
  });
  it("quotes around a whole word are removed, then trailing ; , | & are cut (so a quoted path followed by ; is not seen)", () => {
    expect(externalCommandDirectories(`cat "/etc/my file" '/opt/x' /srv/y|`, "/w")).toEqual(["/etc", "/opt", "/srv"]);
    expect(externalCommandDirectories(`cat "/etc/my file"; ls '/opt/x'&&`, "/w")).toEqual([]);
  });
  it("a path at the root names the root", () => {
    expect(externalCommandDirectories("head -c 3 /dev/zero", "/tmp/ws")).toEqual(["/dev"]);
    expect(externalCommandDirectories("ls /tmp", "/tmp/ws")).toEqual(["/"]);
  });
});
