import { createFakeProvider } from "../../fake/create-fake-provider.js";
import { fakeProtocols, isFakeProtocol } from "../../fake/fake-protocol.js";
import { DEFAULT_MAX_BODY_BYTES, FAKE_HOST, startFakeHttpServer } from "../../fake/start-fake-http-server.js";
import { findProfile } from "../../profiles/profile-registry.js";
import { loadScenario } from "../../scenario/load-scenario.js";
import type { CommandIo } from "../command-io.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { withSuggestions } from "../schema-suggestions.js";
import { speaks, unknownProfileError, unspokenProtocolError } from "../unknown-profile.js";
import { UsageError } from "../usage-error.js";

export const serveHelp = `usage: correx serve --protocol X [--port N] [--scenario FILE] [--profile P] [--workspace DIR] [--max-body-bytes N]

Serves a fake provider endpoint on 127.0.0.1 (never any other address) and prints its URL.
X: ${fakeProtocols.join(", ")}. --port 0 (the default) picks a free port.
The fake plays FILE's turns (fixtures/scenarios/*.yaml), or answers "OK." without one;
--profile P (any profile id; it must speak X) names the read/write/edit path argument as that profile does;
--workspace fills {{workspace}} in the scenario's call inputs.
Every request body is checked against schemas/wire/<protocol>.json; violations are printed on stderr.
Bodies over --max-body-bytes (default ${DEFAULT_MAX_BODY_BYTES}) get 413. Stops on SIGINT or SIGTERM (exit 0).`;

/** `correx serve`: see serveHelp. Resolves (0) after SIGINT or SIGTERM, or when `stop` aborts. */
export async function serveCommand(args: string[], io: CommandIo, stop?: AbortSignal): Promise<number> {
  const { values, positionals } = parseCommandArgs("serve", args, {
    protocol: { type: "string" },
    port: { type: "string", default: "0" },
    host: { type: "string", default: FAKE_HOST },
    scenario: { type: "string" },
    profile: { type: "string" },
    workspace: { type: "string" },
    "max-body-bytes": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(serveHelp + "\n");
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`correx serve: unexpected argument "${positionals[0]}"`);
  const host = String(values.host);
  if (host !== FAKE_HOST) throw new UsageError(`correx serve: refusing to bind "${host}": the fake binds ${FAKE_HOST} only`);
  const protocol = values.protocol === undefined ? undefined : String(values.protocol);
  if (protocol === undefined) throw new UsageError(`correx serve: --protocol is required (${fakeProtocols.join(", ")})`);
  if (!isFakeProtocol(protocol)) throw new UsageError(`correx serve: unknown --protocol "${protocol}"; known: ${fakeProtocols.join(", ")}`);
  const port = integerFlag("port", String(values.port), 0, 65535);
  const maxBodyBytes = values["max-body-bytes"] === undefined ? DEFAULT_MAX_BODY_BYTES : integerFlag("max-body-bytes", String(values["max-body-bytes"]), 1, 2 ** 31);
  let profile: string | undefined;
  if (values.profile !== undefined) {
    const given = String(values.profile);
    const found = findProfile(given);
    if (!found) throw unknownProfileError("serve", given);
    if (!speaks(found, protocol)) throw unspokenProtocolError("serve", [found], protocol);
    profile = found.id;
  }
  const scenario = values.scenario === undefined ? undefined : await loadScenario(String(values.scenario), withSuggestions);

  const provider = await createFakeProvider({
    protocol,
    scenario,
    profile,
    workspace: values.workspace === undefined ? undefined : String(values.workspace),
    // Nothing reads the captures after onCapture: no body is kept past its answer (bounded memory under a flood).
    maxCaptured: 0,
    onCapture: (request) => {
      if (request.violation) io.err(`correx serve: request ${request.seq} ${request.method} ${request.path} violates ${request.violation.schema}: ${request.violation.message}\n`);
    },
  });
  let server: Awaited<ReturnType<typeof startFakeHttpServer>>;
  try {
    server = await startFakeHttpServer(provider, {
      port,
      maxBodyBytes,
      onUnhandled: (method, url) => io.err(`correx serve: no handler for ${method} ${url} (answered 404)\n`),
      onRefused: (method, url, reason) => io.err(`correx serve: refused ${method} ${url}: ${reason}\n`),
      onInternalError: (error) => io.err(`correx serve: internal error: ${error instanceof Error ? error.message : String(error)}\n`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") throw new UsageError(`correx serve: --port ${port} is already in use on ${FAKE_HOST}; choose another, or --port 0 for a free one`);
    if (code === "EACCES") throw new UsageError(`correx serve: --port ${port} may not be bound by this user (EACCES); choose one from 1024, or --port 0`);
    throw error;
  }
  io.out(`${server.url}\n`);

  await new Promise<void>((resolve) => {
    // `npx correx serve & … kill $!` signals npm, which does not pass the signal on: the server
    // would outlive it. So serve also ends when its parent does (it is then reparented; checked
    // every 500 ms), and on SIGHUP (its terminal closed).
    const parent = process.ppid;
    const orphaned = setInterval(() => {
      if (process.ppid !== parent) done();
    }, 500);
    orphaned.unref();
    // Started by npx (npm exec) whose process already ended while this one was starting: already orphaned.
    if (parent === 1 && process.env.npm_command === "exec") setImmediate(() => done());
    const done = () => {
      clearInterval(orphaned);
      process.off("SIGINT", done);
      process.off("SIGTERM", done);
      process.off("SIGHUP", done);
      resolve();
    };
    process.on("SIGINT", done);
    process.on("SIGTERM", done);
    process.on("SIGHUP", done);
    if (stop?.aborted) done();
    stop?.addEventListener("abort", done, { once: true });
  });
  await server.close();
  return 0;
}

function integerFlag(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new UsageError(`correx serve: --${name} must be an integer from ${min} to ${max}, found "${text}"`);
  return value;
}
