import { describe, expect, it } from "vitest";
import { looksBinary } from "./files/gemini-file-type.js";
import { filterGeminiIgnored, geminiIgnorePatterns } from "./files/gemini-ignore-filter.js";
import { adoptGrepFileOrder } from "./grep-search/grep-search-order.js";
import { planModeDecision, planPathRefusal } from "./plan-mode-policy.js";
import { nextTopicState } from "./update-topic/format-update-topic.js";

describe("gemini-cli session rules (docs/spec/gemini-cli-0.61.0.md §16)", () => {
  it("§16.1: plan mode's registry and policy", () => {
    expect(planModeDecision("read_file", { file_path: "a" })).toEqual({ kind: "allow" });
    expect(planModeDecision("run_shell_command", { command: "x" })).toEqual({ kind: "not-found" });
    expect(planModeDecision("enter_plan_mode", {})).toEqual({ kind: "not-found" });
    expect(planModeDecision("write_file", { file_path: "b.txt", content: "" }).kind).toBe("deny");
    expect(planModeDecision("replace", { file_path: "plan.md" }).kind).toBe("unmodelled");
    expect(planModeDecision("invoke_agent", { agent_name: "codebase_investigator", prompt: "x" })).toEqual({ kind: "allow" });
    expect(planModeDecision("invoke_agent", { agent_name: "generalist", prompt: "x" }).kind).toBe("deny");
  });

  it("§16.1: write_file and replace in plan mode: only paths that stay inside the plans directory pass the path check (observed: differential seed 28101)", () => {
    const plans = "/h/.gemini/tmp/ws/[SESSION]/plans";
    const denied = (path: string) => ({ refused: `Access denied: plan path (${path}) must be within the designated plans directory (${plans}).` });
    expect(planPathRefusal({ file_path: "/w/ws/edit-18.txt" }, "/h", plans)).toEqual(denied("/w/ws/edit-18.txt"));
    expect(planPathRefusal({ file_path: " ../outside.txt " }, "/h", plans)).toEqual(denied("../outside.txt"));
    expect(planPathRefusal({ file_path: "a/../../x.md" }, "/h", plans)).toEqual(denied("a/../../x.md"));
    expect(planPathRefusal({ file_path: "notes.txt" }, "/h", plans)).toBeNull();
    expect(planPathRefusal({ file_path: "sub/../plan.md" }, "/h", plans)).toBeNull();
    expect(planPathRefusal({ file_path: "   " }, "/h", plans)).toEqual({ refused: "Plan file path must be non-empty." });
    expect(planPathRefusal({ file_path: "/h/.gemini/tmp/ws/s/plans/p.md" }, "/h", plans)).toHaveProperty("unmodelled");
  });

  it("§3.3: isbinaryfile's protobuf heuristic decides between 2 suspicious bytes and 10 % (observed: seed 28101's ANSI text is text)", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    // 'a' starts a wire-type-1 message (8 bytes), 'm' a wire-type-5 one (4 bytes), '[' has wire type 3: not protobuf
    expect(looksBinary(bytes("ansi \u001b[31mred\u001b[0m text\n"))).toBe(false);
    // two length-delimited messages (key 0x0a, length 0x14, 20 bytes): 2 suspicious bytes of 44 (under 10 %), read whole: protobuf
    const message = [0x0a, 0x14, ...new Array(20).fill(0x41)];
    expect(looksBinary(new Uint8Array([...message, ...message]))).toBe(true);
    // one byte short: the second message runs out mid-way, but one was read whole: still protobuf; a key of wire type 3 is not
    expect(looksBinary(new Uint8Array([...message, ...message.slice(0, -1)]))).toBe(true);
    expect(looksBinary(new Uint8Array([...message, 0x0b, 0x14, ...new Array(20).fill(0x41)]))).toBe(false);
    expect(looksBinary(bytes("plain text\n"))).toBe(false);
  });

  it("§7.3: with matches cut by the cap out of several files, the agent's file order decides which are kept", () => {
    const match = (filePath: string, lineNumber: number) => ({ filePath, absolutePath: `/w/${filePath}`, lineNumber, line: "hit", isContext: false });
    const uncapped = [match("a.txt", 1), match("a.txt", 2), match("b.txt", 1), match("b.txt", 2)];
    const observation = { kind: "searched", matches: uncapped.slice(0, 3), uncapped, maxMatches: 3 };
    const adopted = adoptGrepFileOrder(observation, "Found 3 matches …:\n---\nFile: b.txt\nL1: hit\nL2: hit\n---\nFile: a.txt\nL1: hit\n---");
    expect((adopted.matches as { filePath: string; lineNumber: number }[]).map((entry) => `${entry.filePath}:${entry.lineNumber}`)).toEqual(["b.txt:1", "b.txt:2", "a.txt:1"]);
    // names_only lists the files it kept, one a line
    const names = adoptGrepFileOrder({ ...observation, maxMatches: 2 }, "Found 1 files with matches …:\nb.txt");
    expect((names.matches as { filePath: string }[]).map((entry) => entry.filePath)).toEqual(["b.txt", "b.txt"]);
  });

  it("§16.2: the active topic and intent are replaced only by non-blank values, trimmed, line breaks made spaces", () => {
    expect(nextTopicState({}, "  Build\nphase ", "")).toEqual({ topic: "Build phase" });
    expect(nextTopicState({ topic: "A", intent: "i" }, "", "  next  ")).toEqual({ topic: "A", intent: "next" });
  });

  it("§4.1: .geminiignore lines and the ignore package's matching (case-insensitive, parents, dir-only patterns need a trailing slash)", () => {
    const patterns = geminiIgnorePatterns("# comment\r\nsecret.txt\n\n  build/  \rlogs/*.log\n");
    expect(patterns).toEqual(["secret.txt", "build/", "logs/*.log"]);
    expect(filterGeminiIgnored(["SECRET.TXT", "build", "build/out.js", "logs/a.log", "a.txt"], patterns, true)).toEqual({ kept: ["build", "a.txt"], ignoredCount: 3 });
    expect(filterGeminiIgnored(["secret.txt"], patterns, false)).toEqual({ kept: ["secret.txt"], ignoredCount: 0 });
  });
});

describe("gemini-cli: the shell's process group id is adopted from the agent (spec §2.3, §2.4)", () => {
  it("takes the agent's PGID line, keeps the replay's without one", async () => {
    const { adoptShellPid } = await import("./run-shell-command/shell-pid-adoption.js");
    expect(adoptShellPid({ pid: 100123, chunks: [] }, "<untrusted_context>\nOutput: x\nProcess Group PGID: 99871\n</untrusted_context>")).toEqual({ pid: 99871, chunks: [] });
    expect(adoptShellPid({ pid: 100123 }, "Command moved to background")).toEqual({ pid: 100123 });
    expect(adoptShellPid({ chunks: [] }, "Process Group PGID: 5")).toEqual({ chunks: [] });
  });
});
