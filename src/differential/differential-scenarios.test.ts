import { describe, expect, it } from "vitest";
import { claudeInputIssues } from "../profiles/claude-code/claude-tools.js";
import { geminiParamsError } from "../profiles/gemini-cli/gemini-params.js";
import { parseScenario } from "../scenario/parse-scenario.js";
import { differentialScenarioYaml } from "./differential-scenario-yaml.js";
import { generateDifferentialScenarios } from "./differential-scenarios.js";
import { parseSeed, SeededRandom } from "./seeded-random.js";

describe("SeededRandom (issue 19 part 3: a campaign is reproducible from its seed)", () => {
  it("gives the same sequence for the same seed and another for another seed", () => {
    const sequence = (seed: number) => {
      const random = new SeededRandom(seed);
      return Array.from({ length: 8 }, () => random.nextUint32());
    };
    expect(sequence(7)).toEqual(sequence(7));
    expect(sequence(7)).not.toEqual(sequence(8));
  });

  it("int stays within its bounds and reaches both ends", () => {
    const random = new SeededRandom(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(random.int(-2, 2));
    expect([...seen].sort()).toEqual([-1, -2, 0, 1, 2]);
  });

  it("parseSeed takes decimal integers below 2^32 only", () => {
    expect(parseSeed("0")).toBe(0);
    expect(parseSeed("4294967295")).toBe(4294967295);
    expect(parseSeed("4294967296")).toBeNull();
    expect(parseSeed("-1")).toBeNull();
    expect(parseSeed("1e3")).toBeNull();
    expect(parseSeed("")).toBeNull();
  });
});

describe("generateDifferentialScenarios (issue 19 part 3)", () => {
  const options = { profile: "opencode-cli", seed: 20261201, calls: 120 } as const;

  it("the same seed gives identical scenarios, byte for byte", () => {
    const first = generateDifferentialScenarios(options).map(differentialScenarioYaml);
    const second = generateDifferentialScenarios(options).map(differentialScenarioYaml);
    expect(first.join("\n---\n")).toBe(second.join("\n---\n"));
  });

  it("different seeds give different scenarios", () => {
    const first = generateDifferentialScenarios(options).map(differentialScenarioYaml);
    const other = generateDifferentialScenarios({ ...options, seed: options.seed + 1 }).map(differentialScenarioYaml);
    expect(other.join("")).not.toBe(first.join(""));
    first.forEach((text, index) => expect(other[index]).not.toBe(text));
  });

  it("makes exactly the requested number of calls, 25 per scenario unless told otherwise, plus the follow-ups of links", () => {
    // A command that makes a link (`ln -s`) has follow-ups (GeneratedCall.followUps): the reads
    // through it, one for a file or dangling link or a link in a listed folder, two for a folder link.
    const generatedCalls = (scenario: ReturnType<typeof generateDifferentialScenarios>[number]) =>
      scenario.turns.reduce((sum, turn) => {
        const calls = turn.calls ?? [];
        const followUps = calls.reduce((count, call) => {
          const command = String((call.input as Record<string, unknown> | undefined)?.command ?? "");
          return command.includes("ln -s ") ? count + (/ lnkdir-\d+ && echo linked$/.test(command) ? 2 : 1) : count;
        }, 0);
        return sum + calls.length - followUps;
      }, 0);
    const scenarios = generateDifferentialScenarios(options);
    expect(scenarios.map(generatedCalls)).toEqual([25, 25, 25, 25, 20]);
    const small = generateDifferentialScenarios({ ...options, callsPerScenario: 7, calls: 15 });
    expect(small.map(generatedCalls)).toEqual([7, 7, 1]);
  });

  it("every generated scenario validates against schemas/scenario.json and reads back unchanged from its YAML", async () => {
    for (const profile of ["opencode-cli", "opencode-core"] as const) {
      for (const seed of [1, 2, 3, 99, 4294967295]) {
        for (const scenario of generateDifferentialScenarios({ profile, seed, calls: 60 })) {
          const parsed = await parseScenario(differentialScenarioYaml(scenario), `${scenario.name}.yaml`);
          expect(parsed).toEqual(scenario);
        }
      }
    }
  });

  it("a turn that changes the workspace holds no search or shell call; the last turn is the final text", () => {
    for (const scenario of generateDifferentialScenarios({ ...options, calls: 200 })) {
      for (const turn of scenario.turns.slice(0, -1)) {
        const tools = (turn.calls ?? []).map((call) => call.tool);
        if (tools.includes("write") || tools.includes("edit")) expect(tools.filter((tool) => ["glob", "grep", "bash"].includes(tool))).toEqual([]);
        expect(tools.length).toBeLessThanOrEqual(8);
      }
      expect(scenario.turns.at(-1)).toEqual({ text: "Done." });
    }
  });

  it("covers every tool and some parallel turns", () => {
    const scenarios = generateDifferentialScenarios({ ...options, calls: 400 });
    const tools = new Set(scenarios.flatMap((scenario) => scenario.turns.flatMap((turn) => (turn.calls ?? []).map((call) => call.tool))));
    for (const tool of ["read", "write", "edit", "glob", "grep", "bash", "webfetch", "todowrite"]) expect(tools.has(tool), tool).toBe(true);
    const parallel = scenarios.flatMap((scenario) => scenario.turns).filter((turn) => (turn.calls?.length ?? 0) > 1);
    expect(parallel.length).toBeGreaterThan(10);
  });
});

describe("calls that make opencode's v2 runtime die are scripted alone (seed 7002: a defect fails its turn's running calls, a race)", () => {
  it("puts every glob on a file path and every empty bash command of an opencode-core campaign in a turn of its own", () => {
    const scenarios = generateDifferentialScenarios({ profile: "opencode-core", seed: 7002, calls: 1000, callsPerScenario: 50 });
    let alone = 0;
    for (const scenario of scenarios) {
      const files = new Set(Object.keys(scenario.workspace?.files ?? {}));
      for (const turn of scenario.turns) {
        const calls = (turn as { calls?: { tool: string; input: Record<string, unknown> }[] }).calls ?? [];
        for (const call of calls) {
          const dies = (call.tool === "glob" && typeof call.input.path === "string" && files.has(call.input.path)) || (call.tool === "bash" && call.input.command === "");
          if (!dies) continue;
          alone++;
          expect(calls).toHaveLength(1);
        }
      }
    }
    expect(alone).toBeGreaterThan(0);
  });
});

describe("claude-code's vocabulary (issue 26 item 6: one generator, a vocabulary per profile)", () => {
  const options = { profile: "claude-code", seed: 26001, calls: 300, callsPerScenario: 40 } as const;

  it("writes valid scenarios in claude-code's argument names, reproducible from the seed", async () => {
    const scenarios = generateDifferentialScenarios(options);
    expect(scenarios.map(differentialScenarioYaml).join("\n---\n")).toBe(generateDifferentialScenarios(options).map(differentialScenarioYaml).join("\n---\n"));
    for (const scenario of scenarios) {
      expect(scenario.name.startsWith("differential-claude-26001-")).toBe(true);
      expect(scenario.argumentStyle).toBe("claude-code");
      expect(await parseScenario(differentialScenarioYaml(scenario), `${scenario.name}.yaml`)).toEqual(scenario);
    }
  });

  it("a turn holds at most one call the binary runs concurrently, and no Bash beside a change", () => {
    const scenarios = generateDifferentialScenarios(options);
    let parallel = 0;
    for (const scenario of scenarios) {
      for (const turn of scenario.turns.slice(0, -1)) {
        const tools = (turn.calls ?? []).map((call) => call.tool);
        if (tools.length > 1) parallel++;
        expect(tools.filter((tool) => !["Edit", "Write", "NotebookEdit"].includes(tool)).length).toBeLessThanOrEqual(1);
        // A change beside a shell command only when its input is refused (it never runs).
        if (tools.includes("Bash")) {
          for (const call of turn.calls ?? []) if (["Edit", "Write", "NotebookEdit"].includes(call.tool)) expect(claudeInputIssues(call.tool, call.input).length).toBeGreaterThan(0);
        }
      }
    }
    expect(parallel).toBeGreaterThan(5);
    const tools = new Set(scenarios.flatMap((scenario) => scenario.turns.flatMap((turn) => (turn.calls ?? []).map((call) => call.tool))));
    for (const tool of ["Read", "Bash", "Edit", "Write", "WebFetch", "ToolSearch", "NotebookEdit"]) expect(tools.has(tool), tool).toBe(true);
  });

  it("a foreground Agent is alone in its turn and its prompt selects a subagent script of its own (spec §11.1)", () => {
    let agents = 0;
    for (const scenario of generateDifferentialScenarios(options)) {
      for (const turn of scenario.turns.slice(0, -1)) {
        for (const call of turn.calls ?? []) {
          const input = call.input as Record<string, unknown>;
          if (input.run_in_background !== false) continue;
          agents++;
          expect(turn.calls).toHaveLength(1);
          const scripts = (scenario.subagents ?? []).filter((sub) => String(input.prompt).includes(sub.prompt));
          expect(scripts).toHaveLength(1);
          expect(scripts[0]!.turns.at(-1)!.calls).toBeUndefined();
        }
      }
    }
    expect(agents).toBeGreaterThan(3);
  });
});

describe("codex-cli's vocabulary (issue 27 item 6: live sessions through $fromResult)", () => {
  const options = { profile: "codex-cli", seed: 27001, calls: 300, callsPerScenario: 40 } as const;
  type Call = { tool: string; input?: Record<string, unknown>; text?: string };

  it("writes valid scenarios in codex-cli's argument names, reproducible from the seed", async () => {
    const scenarios = generateDifferentialScenarios(options);
    expect(scenarios.map(differentialScenarioYaml).join("\n---\n")).toBe(generateDifferentialScenarios(options).map(differentialScenarioYaml).join("\n---\n"));
    for (const scenario of scenarios) {
      expect(scenario.name.startsWith("differential-codex-27001-")).toBe(true);
      expect(scenario.argumentStyle).toBe("codex-cli");
      expect(await parseScenario(differentialScenarioYaml(scenario), `${scenario.name}.yaml`)).toEqual(scenario);
    }
    const tools = new Set(scenarios.flatMap((scenario) => scenario.turns.flatMap((turn) => (turn.calls ?? []).map((call) => call.tool))));
    for (const tool of ["exec_command", "write_stdin", "apply_patch", "view_image", "request_user_input"]) expect(tools.has(tool), tool).toBe(true);
  });

  it("a session's follow-ups open the turns right after it and name its place; it ends its turn; no change beside a command", () => {
    let chains = 0;
    for (const scenario of generateDifferentialScenarios(options)) {
      const turns = scenario.turns.slice(0, -1).map((turn) => (turn.calls ?? []) as Call[]);
      turns.forEach((calls, turnIndex) => {
        if (calls.some((call) => call.tool === "exec_command") && !calls.every((call) => call.tool !== "apply_patch")) {
          // an intercepted heredoc is the one exec_command that changes the workspace, and it never runs beside a shell command
          expect(calls.filter((call) => call.tool === "exec_command").every((call) => String(call.input?.cmd).includes("<<"))).toBe(true);
        }
        calls.forEach((call, callIndex) => {
          if (!/^echo start s-\d+; sleep/.test(String(call.input?.cmd ?? ""))) return;
          chains++;
          expect(callIndex).toBe(calls.length - 1);
          const next = turns[turnIndex + 1]![0]!;
          expect(next.tool).toBe("write_stdin");
          expect(next.input?.session_id).toEqual({ $fromResult: { turn: turnIndex + 1, call: callIndex + 1, pattern: "session ID (\\d+)", as: "integer" } });
        });
      });
    }
    expect(chains).toBeGreaterThan(3);
  });
});

describe("gemini-cli's vocabulary (issue 28 item 5)", () => {
  const options = { profile: "gemini-cli", seed: 28001, calls: 400, callsPerScenario: 50 } as const;

  it("writes valid scenarios in gemini-cli's argument names, reproducible from the seed", async () => {
    const scenarios = generateDifferentialScenarios(options);
    expect(scenarios.map(differentialScenarioYaml).join("\n---\n")).toBe(generateDifferentialScenarios(options).map(differentialScenarioYaml).join("\n---\n"));
    for (const scenario of scenarios) {
      expect(scenario.name.startsWith("differential-gemini-28001-")).toBe(true);
      expect(scenario.argumentStyle).toBe("gemini-cli");
      expect(await parseScenario(differentialScenarioYaml(scenario), `${scenario.name}.yaml`)).toEqual(scenario);
    }
  });

  it("covers every tool the profile models, keeps enter_plan_mode alone in its turn and no change beside a shell, search or listing", () => {
    const scenarios = generateDifferentialScenarios(options);
    const changing = new Set(["write_file", "replace"]);
    const searching = new Set(["run_shell_command", "grep_search", "search_file_content", "glob", "list_directory"]);
    for (const scenario of scenarios) {
      for (const turn of scenario.turns.slice(0, -1)) {
        const tools = (turn.calls ?? []).map((call) => call.tool);
        if (tools.includes("enter_plan_mode")) expect(tools).toEqual(["enter_plan_mode"]);
        // a change beside them only when its arguments are refused (it never runs)
        if (tools.some((tool) => searching.has(tool))) for (const call of turn.calls ?? []) if (changing.has(call.tool)) expect(geminiParamsError(call.tool, call.input)).not.toBeNull();
      }
    }
    const tools = new Set(scenarios.flatMap((scenario) => scenario.turns.flatMap((turn) => (turn.calls ?? []).map((call) => call.tool))));
    for (const tool of [
      "read_file",
      "run_shell_command",
      "replace",
      "write_file",
      "list_directory",
      "glob",
      "grep_search",
      "search_file_content",
      "write_todos",
      "update_topic",
      "list_background_processes",
      "read_background_output",
      "web_fetch",
      "enter_plan_mode",
      "save_memory",
    ])
      expect(tools.has(tool), tool).toBe(true);
  });
});

describe("opencode's issue-30 call kinds (trailing slashes, links, permission asks, instruction files, timeouts with partial output, provider faults)", () => {
  type Call = { tool: string; input: Record<string, unknown> };
  const callsOf = (turn: { calls?: unknown[] }) => (turn.calls ?? []) as Call[];

  it("opencode-cli: at most one call that asks a scenario, scripted alone as its last call (opencode run's session ends there, spec §2.15)", () => {
    let asks = 0;
    for (const scenario of generateDifferentialScenarios({ profile: "opencode-cli", seed: 30490, calls: 1000, callsPerScenario: 50 })) {
      const turns = scenario.turns.slice(0, -1);
      const asking = turns.flatMap((turn, index) =>
        callsOf(turn)
          .filter((call) => JSON.stringify(call.input).includes("{{workspace}}/..") || /\.env(\.(?!example")[^"/]*)?"/.test(JSON.stringify(call.input.filePath ?? "")))
          .map(() => index),
      );
      expect(asking.length).toBeLessThanOrEqual(1);
      if (asking.length === 1) {
        asks++;
        expect(asking[0]).toBe(turns.length - 1);
        expect(callsOf(turns.at(-1)!)).toHaveLength(1);
      }
      expect(scenario.permissionReplies).toBeUndefined();
    }
    expect(asks).toBeGreaterThan(3);
  });

  it("opencode-core: every call outside the workspace is alone in its turn with a reply of its own (once or always)", () => {
    let asks = 0;
    for (const scenario of generateDifferentialScenarios({ profile: "opencode-core", seed: 30491, calls: 1000, callsPerScenario: 50 })) {
      let outside = 0;
      for (const turn of scenario.turns.slice(0, -1)) {
        for (const call of callsOf(turn)) {
          if (!JSON.stringify(call.input).includes("{{workspace}}/..")) continue;
          outside++;
          expect(callsOf(turn)).toHaveLength(1);
        }
      }
      asks += outside;
      expect((scenario.permissionReplies ?? []).length).toBeGreaterThanOrEqual(outside);
      for (const reply of scenario.permissionReplies ?? []) expect(["once", "always"]).toContain(reply);
    }
    expect(asks).toBeGreaterThan(5);
  });

  it("a command that makes a link is alone in its turn and the reads through the link open the turns after it", () => {
    let links = 0;
    for (const scenario of generateDifferentialScenarios({ profile: "opencode-core", seed: 30491, calls: 1000, callsPerScenario: 50 })) {
      const turns = scenario.turns.slice(0, -1).map(callsOf);
      turns.forEach((calls, index) => {
        const command = String(calls[0]?.input.command ?? "");
        if (!command.includes("ln -s ")) return;
        links++;
        expect(calls).toHaveLength(1);
        const next = turns[index + 1]![0]!;
        expect(next.tool).toBe("read");
        const link = command.split(" ")[3]!;
        expect(String(next.input.filePath).startsWith(link.includes("/") ? link.slice(0, link.lastIndexOf("/")) : link)).toBe(true);
      });
    }
    expect(links).toBeGreaterThan(5);
  });

  it("a provider fault is only on a turn that changes nothing, and is one the runtimes retry (rate limit, server error)", () => {
    let faults = 0;
    for (const scenario of generateDifferentialScenarios({ profile: "opencode-cli", seed: 30490, calls: 1000, callsPerScenario: 50 })) {
      for (const turn of scenario.turns) {
        if (turn.fault === undefined) continue;
        faults++;
        expect(["rate-limit", "server-error"]).toContain(turn.fault.kind);
        for (const call of callsOf(turn)) expect(["write", "edit", "task"]).not.toContain(call.tool);
      }
    }
    expect(faults).toBeGreaterThan(5);
  });
});
