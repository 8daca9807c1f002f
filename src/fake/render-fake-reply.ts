import type { FakeReply } from "./fake-reply.js";

const encoder = new TextEncoder();

/**
 * Requests whose reply waits for the client to go away. A Request's signal follows the caller's
 * signal only while the Request itself is reachable (Node 20's undici holds the link weakly), and
 * a waiting reply is otherwise reachable only from that signal's own listener: a garbage
 * collection during the wait cut the link, and the client's abort never ended the reply.
 */
const waiting = new Set<Request>();

/**
 * Renders a reply as a fetch Response. The request's signal ends a hanging reply (and a stream
 * kept open) when the client goes away; without a request a hang lasts forever.
 */
export async function renderFakeReply(reply: FakeReply, request?: Request): Promise<Response> {
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
      return new Response(frameStream(reply.frames, reply.end, request), {
        status: reply.status,
        headers: { "content-type": "text/event-stream", "cache-control": "no-cache", ...reply.headers },
      });
    case "hang":
      await untilAborted(request);
      return Response.error();
    default: {
      const _exhaustive: never = reply;
      return _exhaustive;
    }
  }
}

/** Resolves when the request's client goes away; never without a request. */
function untilAborted(request: Request | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (request === undefined) return;
    if (request.signal.aborted) return resolve();
    waiting.add(request);
    request.signal.addEventListener(
      "abort",
      () => {
        waiting.delete(request);
        resolve();
      },
      { once: true },
    );
  });
}

function frameStream(frames: string[], end: "close" | "hang", request?: Request): ReadableStream<Uint8Array> {
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
      return untilAborted(request).then(() => {
        try {
          controller.close();
        } catch {
          // already cancelled by the reader
        }
      });
    },
    cancel() {
      if (request !== undefined) waiting.delete(request);
    },
  });
}
