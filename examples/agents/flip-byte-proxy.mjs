#!/usr/bin/env node
// Wraps another agent's traffic for `correx gate`: starts a proxy on 127.0.0.1 in front of the
// fake provider, points the agent's rendered config (CORREX_CONFIG) at it, and changes one byte
// of the first tool result each request carries (flip-byte.mjs). Everything else passes through
// unchanged, streamed replies included. Usage: node flip-byte-proxy.mjs CMD…
import { spawn } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { flipFirstToolResult } from "./flip-byte.mjs";

const target = process.env.CORREX_BASE_URL;
const server = createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  let body = Buffer.concat(chunks);
  let parsed;
  try {
    parsed = body.length > 0 ? JSON.parse(body.toString("utf8")) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed !== undefined && flipFirstToolResult(parsed)) body = Buffer.from(JSON.stringify(parsed));
  if (process.env.CORREX_PROXY_LOG) appendFileSync(process.env.CORREX_PROXY_LOG, `${request.method} ${request.url} ${JSON.stringify(request.headers)} ${body.length}\n`);
  const headers = { ...request.headers };
  delete headers["content-length"];
  delete headers.host;
  delete headers.connection;
  const answer = await fetch(target + request.url, { method: request.method, headers, body: request.method === "GET" || request.method === "HEAD" ? undefined : body });
  const out = {};
  answer.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "content-encoding" && name !== "transfer-encoding") out[name] = value;
  });
  response.writeHead(answer.status, out);
  if (answer.body) for await (const chunk of answer.body) response.write(chunk);
  response.end();
});
server.listen(0, "127.0.0.1", () => {
  const proxy = `http://127.0.0.1:${server.address().port}`;
  const env = { ...process.env };
  if (env.CORREX_CONFIG) {
    const config = `${env.CORREX_CONFIG}.proxied.json`;
    writeFileSync(config, readFileSync(env.CORREX_CONFIG, "utf8").replaceAll(target, proxy));
    env.CORREX_CONFIG = config;
  }
  env.CORREX_BASE_URL = proxy;
  const [command, ...args] = process.argv.slice(2);
  const child = spawn(command, args, { stdio: "inherit", env });
  child.on("exit", (code, signal) => {
    server.close();
    process.exit(code ?? (signal ? 1 : 0));
  });
});
