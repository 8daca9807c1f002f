// The CLI's dispatcher, shared by its two entries: correx.ts (every command) and
// correx-validate.ts (validate only, bundled into one CommonJS file for start-up time: correx.cts).
import { InputError } from "../input/input-error.js";
import { exitOnSignals } from "../process/exit-on-signal.js";
import { commandHelp } from "./command-help.js";
import type { CommandIo } from "./command-io.js";
import { UsageError } from "./usage-error.js";

const help = `correx: conformance and golden tests for what an agent's model sees when a tool returns

usage: correx <command> [options]

commands:
  check      run the golden corpus against a subject (default: the built-in reference)
  validate   validate JSON, JSONL or YAML against a correx schema
  format     print a profile's tool result for one call and observation
  lower      print the wire body a profile sends for a message history
  adapter    serve the reference over the adapter protocol on stdin/stdout
  golden     review, accept, reject or prune pending goldens
  serve      fake provider endpoint on 127.0.0.1 (agents under test)
  gate       run an agent against the fake provider and check every tool result it sends
  profiles   list every profile: agent, versions, protocols, and each tool's status
  mcp-server a scenario's scripted MCP server, over stdio or streamable HTTP on 127.0.0.1
  preview    what each agent's model gets for one MCP tool result
  merge-reports  merge the json reports of shards (or runs) into one pretty/json/junit/tap/html report

exit codes: 0 all good; 1 something does not conform; 2 usage or input error; 3 (check, gate) nothing failed, but more was unsupported than --max-unsupported allows
'npx correx help <command>' or 'npx correx <command> --help' shows a command's options; --version its version.
Run it as 'npx correx …' where correx is installed (a project that depends on it, or its clone): 'correx' alone is not on PATH.`;

/** A command: its arguments (after the name) and the io it writes to; resolves to the exit code. */
export type Command = (args: string[], io: CommandIo) => Promise<number>;

const io: CommandIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** The help topic a command line asks for with --help/-h before any `--` ("golden review" for `golden review --help`), or null. */
function helpTopicOf(name: string, rest: string[]): string | null {
  const own = rest.indexOf("--") === -1 ? rest : rest.slice(0, rest.indexOf("--"));
  if (!own.includes("--help") && !own.includes("-h")) return null;
  const sub = rest[0];
  return sub !== undefined && commandHelp[`${name} ${sub}`] ? `${name} ${sub}` : name;
}

async function main(argv: string[], commands: Record<string, () => Promise<Command>>): Promise<number> {
  exitOnSignals();
  // --debug is correx's own flag only before `--`: what follows belongs to the agent, untouched.
  const split = argv.indexOf("--");
  const own = split === -1 ? argv : argv.slice(0, split);
  const debug = own.includes("--debug");
  io.debug = debug;
  const args = [...own.filter((arg) => arg !== "--debug"), ...(split === -1 ? [] : argv.slice(split))];
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h") {
    io.out(help + "\n");
    return name === undefined ? 2 : 0;
  }
  if (name === "help") {
    if (rest.length === 0) {
      io.out(help + "\n");
      return 0;
    }
    const topic = rest.join(" ");
    const text = commandHelp[topic];
    if (!text) {
      const { closest } = await import("./schema-suggestions.js");
      const near = closest(topic, Object.keys(commandHelp));
      io.err(`correx help: unknown command "${topic}"${near ? ` (did you mean "${near}"?)` : ""}; known: ${Object.keys(commandHelp).join(", ")}\n`);
      return 2;
    }
    io.out((await text()) + "\n");
    return 0;
  }
  if (name === "--version" || name === "-v" || name === "version") {
    // loaded here only: reading package.json is start-up time every other command would pay
    io.out(`correx ${(await import("../adapter/correx-version.js")).correxVersion}\n`);
    return 0;
  }
  const load = commands[name];
  if (!load) {
    const { closest } = await import("./schema-suggestions.js");
    const near = closest(name, Object.keys(commands));
    io.err(`correx: unknown command "${name}"${near ? ` (did you mean "${near}"?)` : ""}; run 'npx correx --help'\n`);
    return 2;
  }
  const topic = helpTopicOf(name, rest);
  if (topic !== null) {
    io.out((await commandHelp[topic]!()) + "\n");
    return 0;
  }
  try {
    return await (await load())(rest, io);
  } catch (error) {
    if (UsageError.isInstance(error)) io.err(`${error.message}\n`);
    else if (InputError.isInstance(error)) io.err(`correx ${name}: ${(await import("./package-copy-hint.js")).renderInputError(error)}\n`);
    else {
      const message = error instanceof Error ? error.message : String(error);
      io.err(`correx ${name}: internal error: ${message.split("\n")[0]}${debug ? "" : " (run with --debug for details)"}\n`);
      if (debug && error instanceof Error && error.stack) io.err(error.stack + "\n");
    }
    return 2;
  }
}

/** Runs the CLI on `argv` (process.argv.slice(2)) with these commands, and sets the exit code. */
export function runCli(argv: string[], commands: Record<string, () => Promise<Command>>): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  });

  main(argv, commands).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`correx: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
