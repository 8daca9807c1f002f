#!/usr/bin/env node
// Records what a real agent sends the fake provider for one scenario, byte for byte: lays out the
// scenario's workspace under OUT/run, starts correx's fake on 127.0.0.1, renders the config
// template, runs the agent command with the same CORREX_* environment `correx gate` sets, and
// writes OUT/requests.jsonl (one captured request a line: seq, kind, path, rawBody) and
// OUT/agent.log (the agent's last output). Used to capture the bytes a profile's spec pins.
//
//   node scripts/capture-agent-requests.mjs --protocol google-gemini --scenario S.yaml \
//     --config-template T --model M --out DIR -- sh examples/agents/gemini-cli.sh
//
// Needs `npm run build` first (it imports dist/).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";

const separator = process.argv.indexOf("--");
if (separator < 0) throw new Error("usage: capture-agent-requests.mjs --protocol P --scenario F --out DIR [--config-template T] [--model M] -- CMD...");
const { values } = parseArgs({
  args: process.argv.slice(2, separator),
  options: {
    protocol: { type: "string" },
    scenario: { type: "string" },
    out: { type: "string" },
    "config-template": { type: "string" },
    model: { type: "string", default: "fake-model" },
    profile: { type: "string" },
    timeout: { type: "string", default: "180000" },
  },
});
const command = process.argv.slice(separator + 1);
const dist = new URL("../dist/", import.meta.url);
const { loadScenario } = await import(new URL("scenario/load-scenario.js", dist).href);
const { writeScenarioWorkspace } = await import(new URL("scenario/write-scenario-workspace.js", dist).href);
const { createFakeProvider } = await import(new URL("fake/create-fake-provider.js", dist).href);
const { startFakeHttpServer } = await import(new URL("fake/start-fake-http-server.js", dist).href);
const { runAgentProcess } = await import(new URL("gate/gate-agent-process.js", dist).href);
const { renderGateTemplate } = await import(new URL("gate/gate-render-template.js", dist).href);
const { startGateMcp } = await import(new URL("gate/gate-mcp.js", dist).href);

const out = resolve(values.out);
const runDirectory = join(out, "run");
const workspace = join(runDirectory, "workspace");
const scenario = await loadScenario(values.scenario);
mkdirSync(runDirectory, { recursive: true });
await writeScenarioWorkspace(scenario, workspace);
const provider = await createFakeProvider({ protocol: values.protocol, scenario, profile: values.profile, workspace });
const server = await startFakeHttpServer(provider);
// The scenario's MCP servers, as `correx gate` gives them (CORREX_MCP_SERVERS).
const mcp = await startGateMcp(scenario, runDirectory);
const placeholders = { baseURL: server.url, origin: server.url, model: values.model, workspace, prompt: scenario.prompt, runDir: runDirectory, scenario: scenario.name, protocol: values.protocol };
const env = {
  ...process.env,
  PWD: workspace,
  CORREX_BASE_URL: server.url,
  CORREX_MODEL: values.model,
  CORREX_WORKSPACE: workspace,
  CORREX_PROMPT: scenario.prompt,
  CORREX_RUN_DIR: runDirectory,
  CORREX_PROTOCOL: values.protocol,
  ...mcp.env,
};
if (values["config-template"]) {
  const configDirectory = join(runDirectory, "agent-config");
  mkdirSync(configDirectory, { recursive: true });
  const config = join(configDirectory, basename(values["config-template"]).replace(/\.template$/, ""));
  writeFileSync(config, renderGateTemplate(readFileSync(values["config-template"], "utf8"), placeholders));
  env.CORREX_CONFIG = config;
}
const exit = await runAgentProcess(
  command.map((arg) => renderGateTemplate(arg, placeholders)),
  { cwd: workspace, env, timeoutMs: Number(values.timeout) },
);
await mcp.close();
await server.close();
writeFileSync(
  join(out, "requests.jsonl"),
  provider.requests
    .map((request) =>
      JSON.stringify({
        seq: request.seq,
        kind: request.kind,
        path: request.path,
        url: request.url,
        headers: request.headers,
        status: request.status,
        violation: request.violation?.message ?? null,
        rawBody: request.rawBody,
      }),
    )
    .join("\n") + "\n",
);
writeFileSync(join(out, "agent.log"), JSON.stringify({ status: exit.status, code: exit.code, durationMs: Math.round(exit.durationMs), workspace, origin: server.url }) + "\n" + exit.outputTail);
console.log(`${scenario.name}: agent ${exit.status} ${exit.code}, ${provider.requests.length} requests, ${Math.round(exit.durationMs)} ms -> ${out}`);
