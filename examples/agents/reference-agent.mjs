#!/usr/bin/env node
// correx's own reference loop (src/loop/loop-run.ts) run as a black-box agent for `correx gate`:
// it reads CORREX_BASE_URL, CORREX_PROTOCOL, CORREX_MODEL, CORREX_PROMPT and CORREX_WORKSPACE,
// and plays the profile given by CORREX_AGENT_PROFILE (default opencode-cli), or the one a module
// exports as `profile` when CORREX_AGENT_PROFILE_MODULE names it (a profile outside correx). With
// CORREX_FLIP_BYTE=1 it is the deliberately broken agent: the first tool result it sends has
// one byte changed. Needs the built dist/ (npm run build).
import { request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Readable } from "node:stream";
import { flipFirstToolResult } from "./flip-byte.mjs";

// The build's CommonJS bundle of what this agent needs (starts in a third of the time of the ES
// modules it is made from, dist/loop/reference-agent-entry.js, which serve as well)
const dist = new URL("../../dist/", import.meta.url).pathname;
const { runReferenceLoop, profiles, createOutputStore } = createRequire(import.meta.url)(join(dist, "cli/bundle/cli/reference-agent-entry.cjs"));

const env = process.env;
let flipped = false;
const fetcher = async (url, init) => {
  if (env.CORREX_FLIP_BYTE === "1" && !flipped && init?.body) {
    const body = JSON.parse(init.body);
    if (flipFirstToolResult(body)) {
      flipped = true;
      init = { ...init, body: JSON.stringify(body) };
    }
  }
  return providerOrigin !== undefined && String(url).startsWith(providerOrigin) ? postToProvider(url, init) : fetch(url, init);
};

// The provider is called with node:http rather than fetch: a process's first fetch compiles
// undici's HTTP parser (WebAssembly), about 0.2 s of CPU that every run of this agent paid.
// Webfetch's pages still go through fetch (redirects, decompression, its errors).
const providerOrigin = env.CORREX_BASE_URL?.startsWith("http://") ? `${env.CORREX_BASE_URL}/` : undefined;
function postToProvider(url, init = {}) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: init.method ?? "GET", headers: init.headers }, (response) => {
      const headers = new Headers();
      for (let i = 0; i < response.rawHeaders.length; i += 2) headers.append(response.rawHeaders[i], response.rawHeaders[i + 1]);
      const body = response.statusCode === 204 || response.statusCode === 304 ? null : Readable.toWeb(response);
      resolve(new Response(body, { status: response.statusCode, statusText: response.statusMessage, headers }));
    });
    request.on("error", (error) => reject(Object.assign(new TypeError("fetch failed"), { cause: error })));
    request.end(init.body);
  });
}
const profile = env.CORREX_AGENT_PROFILE_MODULE ? (await import(env.CORREX_AGENT_PROFILE_MODULE)).profile : profiles[env.CORREX_AGENT_PROFILE ?? "opencode-cli"];
const result = await runReferenceLoop({
  profile,
  protocol: env.CORREX_PROTOCOL,
  baseURL: env.CORREX_BASE_URL,
  model: env.CORREX_MODEL,
  prompt: env.CORREX_PROMPT,
  workspace: env.CORREX_WORKSPACE,
  store: createOutputStore(join(env.CORREX_RUN_DIR, "agent-output")),
  fetch: fetcher,
});
if (result.status !== "completed") {
  process.stderr.write(`reference-agent: ${result.error}\n`);
  process.exit(1);
}
if (result.endedBy !== undefined) process.stderr.write(`reference-agent: the session ended at a call: ${result.endedBy}\n`);
process.stdout.write(`${result.text}\n`);
// Done: exit now rather than when node's engine has finished its background work (0.15–0.25 s
// here). Writes to a pipe or file are synchronous, so nothing written is lost.
process.exit(0);
