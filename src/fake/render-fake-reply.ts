import type { FakeReply } from "./fake-reply.js";

const encoder = new TextEncoder();

/**
 * Renders a reply as a fetch Response. `signal` ends a hanging reply (and a stream kept open)
 * when the client goes away; without it a hang lasts forever.
 */
export async function renderFakeReply(reply: FakeReply, signal?: AbortSignal): Promise<Response> {
  switch (reply.type) {
    case "json":
    case "error":
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "content-type": "application/json", ...reply.headers },
      });
    case "text":
      return new Response(reply.text, { status: reply.status, headers: reply.headers });
    case "sse-frames":
      return new Response(frameStream(reply.frames, reply.end, signal), {
        status: reply.status,
        headers: { "content-type": "text/event-stream", "cache-control": "no-cache", ...reply.headers },
      });
    case "hang":
      await new Promise<void>((resolve) => {
        if (signal?.aborted) resolve();
        signal?.addEventListener("abort", () => resolve(), { once: true });
      });
      return Response.error();
    default: {
      const _exhaustive: never = reply;
      return _exhaustive;
    }
  }
}

function frameStream(frames: string[], end: "close" | "hang", signal?: AbortSignal): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < frames.length) {
        controller.enqueue(encoder.encode(frames[index++]));
        return;
      }
      if (end === "close") {
        controller.close();
        return;
      }
      return new Promise<void>((resolve) => {
        const stop = () => {
          try {
            controller.close();
          } catch {
            // already cancelled by the reader
          }
          resolve();
        };
        if (signal?.aborted) stop();
        signal?.addEventListener("abort", stop, { once: true });
      });
    },
  });
}
