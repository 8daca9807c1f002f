import { request } from "node:http";
import { http } from "msw";
import { describe, expect, it } from "vitest";
import type { FakeProvider } from "./create-fake-provider.js";
import { startFakeHttpServer } from "./start-fake-http-server.js";

/** A provider whose one handler streams `chunks` × 64 KB. */
function streaming(chunks: number): FakeProvider {
  const block = new Uint8Array(64 * 1024).fill(120);
  const handler = http.get("*/big", () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < chunks) controller.enqueue(block);
        else controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "application/octet-stream" } });
  });
  return { protocol: "openai-chat", handlers: [handler], recordUnhandled: async () => ({}) } as unknown as FakeProvider;
}

describe("the fake's HTTP server under backpressure", () => {
  it("streams a long reply to a slow reader whole, leaving no listener behind on each wait (no MaxListenersExceededWarning)", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const server = await startFakeHttpServer(streaming(200));
    try {
      const length = await new Promise<number>((resolve, reject) => {
        request(`${server.url}/big`, (response) => {
          let total = 0;
          response.on("data", (chunk: Buffer) => {
            total += chunk.length;
            // read slowly: the server's writes fill the socket and wait for drain many times
            response.pause();
            setTimeout(() => response.resume(), 1);
          });
          response.on("end", () => resolve(total));
          response.on("error", reject);
        })
          .on("error", reject)
          .end();
      });
      expect(length).toBe(200 * 64 * 1024);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
      await server.close();
    }
  });
});
