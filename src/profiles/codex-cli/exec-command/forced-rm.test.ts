import { describe, expect, it } from "vitest";
import { isForcedRm } from "./forced-rm.js";

/** Cases from upstream's own tests (codex-rs/shell-command/src/command_safety/is_dangerous_command.rs) and the binary (spec §2.6). */
describe("isForcedRm (spec §2.6)", () => {
  it.each([
    "rm -rf /",
    "rm -f /",
    "/bin/rm -fr /tmp/example",
    "rm -r -f /tmp/example",
    "rm --force /tmp/example",
    "rm /tmp/example -f",
    "sudo rm -rf /tmp/example",
    "printf x | rm -rf /tmp/example",
    'rm -rf "$X"',
    "rm -f x; echo 'it''s'",
    "echo a && sudo rm --force keep.txt",
    "if test -d /tmp/example; then rm --force /tmp/example; fi",
    "if true; then rm -f keep.txt; fi",
    "while false; do sudo rm -rf x; done",
    "{ echo a; rm -fr x; }",
  ])("refuses %s", (cmd) => expect(isForcedRm(cmd)).toBe(true));

  it.each([
    "rm -r /tmp/example",
    "rm -- -f",
    "echo 'rm -rf /tmp/example'",
    "echo rmdir -f",
    "rm -- -f; echo 'rm -rf /'",
    "git reset --hard",
    "format -f",
    "if true; then echo rm -rf; else rm -r x; fi",
  ])("runs %s", (cmd) => expect(isForcedRm(cmd)).toBe(false));

  it.each([
    "if true; then rm -rf x",
    'rm -rf "$TARGET" >/dev/null',
    'for t in a b; do rm -r -f "$t"; done',
    'echo "$(rm -rf /tmp/example)"',
    "cmd=rm; $cmd -rf /tmp/example",
    "if then rm -rf /tmp/example",
  ])("leaves %s to Codex's own parse (unsupported)", (cmd) => expect(() => isForcedRm(cmd)).toThrow(/not modelled/));
});
