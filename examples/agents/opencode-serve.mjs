#!/usr/bin/env node
// Drives opencode's v2 runner for `correx gate` (opencode-core profile): `opencode serve` on
// 127.0.0.1 in the workspace, one session, the scenario prompt, then wait until the session drains.
//
//   correx gate --profile opencode-core --protocol P --config-template examples/agents/opencode-serve.json.template \
//     --scenario fixtures/scenarios/bash-echo.yaml -- node examples/agents/opencode-serve.mjs
//
// What it does, in order:
//   1. A home and XDG dirs of its own under CORREX_RUN_DIR; the rendered template (CORREX_CONFIG) is
//      copied to $XDG_CONFIG_HOME/opencode/opencode.json, the only config file the v2 runner reads
//      (it ignores OPENCODE_CONFIG). One provider per protocol, baseURL = the fake's origin + /v1:
//        openai-chat        → fake-openai-compatible (@ai-sdk/openai-compatible → POST /v1/chat/completions)
//        anthropic-messages → anthropic              (@ai-sdk/anthropic          → POST /v1/messages)
//        openai-responses   → openai                 (@ai-sdk/openai             → POST /v1/responses)
//      `openai` and `anthropic` count as available only with OPENAI_API_KEY / ANTHROPIC_API_KEY set,
//      so fake keys are set; every OPENCODE_DISABLE_* switch that would reach beyond the fake is on.
//   2. `opencode serve --hostname 127.0.0.1 --port <free port>` in the workspace (output kept in
//      CORREX_RUN_DIR/opencode-serve.log); waits for "listening on".
//   3. Waits until GET /api/model lists the configured model (the location's catalog loads after
//      the first request; a session prompted before that fails with "Model unavailable").
//   4. POST /api/session {"model":{"providerID","id"},"location":{"directory"}}, then
//      POST /api/session/:id/prompt {"prompt":{"text"}}, then polls GET /api/session/active until the
//      session is no longer listed.
//      While it waits, each pending permission ask (GET /api/session/:id/permission) is answered
//      through POST /api/session/:id/permission/:requestID/reply {"reply"} with the scenario's next
//      reply (CORREX_PERMISSION_REPLIES, a JSON array of once/always/reject), "reject" past its end or
//      without it (what `opencode run` does), so no run waits for an answer; each ask and its reply
//      is logged to CORREX_RUN_DIR/opencode-serve-permissions.log.
//   5. Exit status: 0 when the newest assistant message finished (`finish` set, no `error`) or the
//      session stopped after a rejected ask, 1 when it did not finish or there is none, 1 when the
//      server died; a usage problem is 2.
//   6. On every exit (and on SIGTERM/SIGINT/SIGHUP) the server's whole process tree is killed:
//      its descendants are found through /proc (parent pids), so a tool's child that left the
//      process group goes too.
//
// Reads what correx gate sets: CORREX_RUN_DIR, CORREX_CONFIG, CORREX_PROTOCOL, CORREX_MODEL,
// CORREX_PROMPT, CORREX_WORKSPACE. OPENCODE_BIN names the binary. OPENCODE_SERVE_START_MS (default
// 60000) bounds steps 2-3.
import { spawn, spawnSync } from "node:child_process";
import { accessSync, appendFileSync, constants, copyFileSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

const providers = {
  "openai-chat": "fake-openai-compatible",
  "anthropic-messages": "anthropic",
  "openai-responses": "openai",
};

const env = process.env;
for (const name of ["OPENCODE_BIN", "CORREX_RUN_DIR", "CORREX_CONFIG", "CORREX_PROTOCOL", "CORREX_MODEL", "CORREX_PROMPT", "CORREX_WORKSPACE"]) {
  if (!env[name]) usage(`set ${name}`);
}
// The driver runs in the scenario's workspace: a relative path would name a file there.
if (env.OPENCODE_BIN.includes("/") && !env.OPENCODE_BIN.startsWith("/"))
  usage(`OPENCODE_BIN must be an absolute path or a name on PATH, got ${env.OPENCODE_BIN} (write OPENCODE_BIN=$PWD/${env.OPENCODE_BIN})`);
if (env.OPENCODE_BIN.startsWith("/")) {
  try {
    accessSync(env.OPENCODE_BIN, constants.X_OK);
  } catch {
    usage(`no opencode binary at ${env.OPENCODE_BIN} (set OPENCODE_BIN to the opencode binary)`);
  }
}
const providerID = providers[env.CORREX_PROTOCOL];
if (!providerID) usage(`no v2 provider for protocol ${env.CORREX_PROTOCOL} (known: ${Object.keys(providers).join(", ")})`);
const model = { providerID, id: env.CORREX_MODEL };
const runDir = env.CORREX_RUN_DIR;
const workspace = env.CORREX_WORKSPACE;
const startBudgetMs = Number(env.OPENCODE_SERVE_START_MS ?? 60000);
const permissionReplies = env.CORREX_PERMISSION_REPLIES ? JSON.parse(env.CORREX_PERMISSION_REPLIES) : [];
const answered = new Set();
let rejected = false;

const dirs = { home: join(runDir, "home"), config: join(runDir, "xdg", "config"), data: join(runDir, "xdg", "data"), cache: join(runDir, "xdg", "cache"), state: join(runDir, "xdg", "state") };
for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
mkdirSync(join(dirs.config, "opencode"), { recursive: true });
copyFileSync(env.CORREX_CONFIG, join(dirs.config, "opencode", "opencode.json"));
// The scenario's MCP servers (CORREX_MCP_SERVERS), if any, as `mcp` in that config.
const mcpConfig = spawnSync(process.execPath, [new URL("mcp-config.mjs", import.meta.url).pathname, "opencode", join(dirs.config, "opencode", "opencode.json")], { stdio: "inherit" });
if (mcpConfig.status !== 0) usage("mcp-config.mjs failed");

let server = null;
let serverExit = null;
const log = join(runDir, "opencode-serve.log");

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => finish(128 + { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal], `opencode-serve.mjs: ${signal}`));
}
process.on("exit", () => killTree(server?.pid));

const began = Date.now();
const step = (message) => process.stderr.write(`opencode-serve.mjs +${Date.now() - began} ms: ${message}\n`);
try {
  const origin = await startServer();
  step(`listening on ${origin}`);
  await waitForModel(origin);
  step(`model ${model.providerID}/${model.id} listed`);
  const session = await call(origin, "POST", "/api/session", { model, location: { directory: workspace } });
  const sessionID = session.data.id;
  await call(origin, "POST", `/api/session/${sessionID}/prompt`, { prompt: { text: env.CORREX_PROMPT } });
  step(`session ${sessionID} prompted`);
  await waitForDrain(origin, sessionID);
  step(`session ${sessionID} drained`);
  const page = await call(origin, "GET", `/api/session/${sessionID}/message`);
  const last = (page.data ?? []).find((message) => message.type === "assistant");
  if (!last) finish(1, `opencode-serve.mjs: session ${sessionID} drained without an assistant message (see ${log})`);
  // A rejected permission interrupts its tool and ends the session: the run is over, as the user chose.
  if (rejected && (last.error !== undefined || last.finish === undefined)) finish(0, `opencode-serve.mjs: session ${sessionID} stopped after a rejected permission ask`);
  if (last.error !== undefined || last.finish === undefined) finish(1, `opencode-serve.mjs: the last assistant message did not finish: ${JSON.stringify(last.error ?? last).slice(0, 500)}`);
  const text = (last.content ?? [])
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("");
  process.stdout.write(`${text}\n`);
  finish(0);
} catch (error) {
  finish(1, `opencode-serve.mjs: ${error instanceof Error ? error.message : String(error)}`);
}

function usage(message) {
  process.stderr.write(`opencode-serve.mjs: ${message}\n`);
  process.exit(2);
}

/** Kills the server's tree and exits. */
function finish(code, message) {
  if (message) process.stderr.write(`${message}\n`);
  killTree(server?.pid);
  server = null;
  process.exit(code);
}

/** Starts `opencode serve` on a free loopback port (retried when the port was taken meanwhile); returns its origin. */
async function startServer() {
  const deadline = Date.now() + startBudgetMs;
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const out = openSync(log, "a");
    serverExit = null;
    server = spawn(env.OPENCODE_BIN, ["serve", "--hostname", "127.0.0.1", "--port", String(port)], {
      cwd: workspace,
      stdio: ["ignore", out, out],
      env: {
        PATH: env.PATH,
        PWD: workspace,
        HOME: dirs.home,
        XDG_CONFIG_HOME: dirs.config,
        XDG_DATA_HOME: dirs.data,
        XDG_CACHE_HOME: dirs.cache,
        XDG_STATE_HOME: dirs.state,
        OPENAI_API_KEY: "correx-fake-key",
        ANTHROPIC_API_KEY: "correx-fake-key",
        OPENCODE_DISABLE_AUTOUPDATE: "1",
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        OPENCODE_DISABLE_SHARE: "1",
        OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
        OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
      },
    });
    const started = server;
    // a name on PATH that is not there: said in one line, not as an unhandled 'error' event
    started.on("error", (error) => usage(`cannot start ${env.OPENCODE_BIN}: ${error.message}`));
    started.on("exit", (code, signal) => {
      if (server === started) serverExit = { code, signal };
    });
    const origin = `http://127.0.0.1:${port}`;
    while (Date.now() < deadline && serverExit === null) {
      if (readFileSync(log, "utf8").includes(`listening on ${origin}`)) return origin;
      await sleep(100);
    }
    if (serverExit === null) throw new Error(`opencode serve did not listen on ${origin} within ${startBudgetMs} ms (see ${log})`);
    const tail = readFileSync(log, "utf8").slice(-2000);
    if (attempt < 3 && /EADDRINUSE|address already in use|port/i.test(tail)) continue;
    throw new Error(`opencode serve exited (${serverExit.signal ?? serverExit.code}) before listening: ${JSON.stringify(tail.slice(-500))}`);
  }
}

/** Waits until the location's catalog lists the configured model (GET /api/model). */
async function waitForModel(origin) {
  const deadline = Date.now() + startBudgetMs;
  while (Date.now() < deadline) {
    const models = await call(origin, "GET", "/api/model");
    if ((models.data ?? []).some((item) => item.providerID === model.providerID && item.id === model.id && item.enabled !== false)) return;
    await sleep(200);
  }
  throw new Error(`opencode serve never listed the model ${model.providerID}/${model.id} (GET /api/model; see ${log})`);
}

/** Polls GET /api/session/active until the session has been listed and is gone (or never shows up within 10 s). */
async function waitForDrain(origin, sessionID) {
  const graceUntil = Date.now() + 10000;
  let seen = false;
  for (;;) {
    await answerPermissions(origin, sessionID);
    const active = await call(origin, "GET", "/api/session/active");
    const listed = Object.hasOwn(active.data ?? {}, sessionID);
    if (listed) seen = true;
    if (!listed && (seen || Date.now() > graceUntil)) return;
    await sleep(seen ? 200 : 50);
  }
}

/**
 * Answers the session's pending permission asks (GET /api/session/:id/permission), in the order
 * they arrive, with the scenario's replies (CORREX_PERMISSION_REPLIES: a JSON array of "once",
 * "always", "reject"); past its end, or without it, "reject" — what `opencode run` does with an
 * ask — so a run never waits for an answer nobody gives. Each ask and its reply is appended to
 * CORREX_RUN_DIR/opencode-serve-permissions.log.
 */
async function answerPermissions(origin, sessionID) {
  const pending = await call(origin, "GET", `/api/session/${sessionID}/permission`);
  for (const ask of pending.data ?? []) {
    if (answered.has(ask.id)) continue;
    answered.add(ask.id);
    const reply = permissionReplies[answered.size - 1] ?? "reject";
    if (reply === "reject") rejected = true;
    appendFileSync(join(runDir, "opencode-serve-permissions.log"), `${JSON.stringify({ ask, reply })}\n`);
    step(`permission ${ask.action ?? ask.permission} ${JSON.stringify(ask.resources ?? ask.patterns ?? [])}: ${reply}`);
    await call(origin, "POST", `/api/session/${sessionID}/permission/${ask.id}/reply`, { reply });
  }
}

/** One JSON request to the server; fails when the server has exited or answers non-2xx. */
async function call(origin, method, path, body) {
  if (serverExit !== null) throw new Error(`opencode serve exited (${serverExit.signal ?? `code ${serverExit.code}`}); see ${log}`);
  let response;
  try {
    response = await fetch(origin + path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    await sleep(100);
    if (serverExit !== null) throw new Error(`opencode serve exited (${serverExit.signal ?? `code ${serverExit.code}`}); see ${log}`);
    throw new Error(`${method} ${path}: ${error.cause?.message ?? error.message}`);
  }
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 500)}`);
  return text === "" ? {} : JSON.parse(text);
}

/** SIGKILLs a process and every descendant (found through /proc parent pids, so process groups do not matter). */
function killTree(pid) {
  if (!pid) return;
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift();
    tree.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  for (const member of tree) {
    try {
      process.kill(member, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
