import { createParser, type EventSourceMessage } from "eventsource-parser";

/** One server-sent event: its `event:` name (if any) and its `data:` lines joined by `\n`. */
export interface SseEvent {
  event: string | null;
  data: string;
}

/**
 * Reads an SSE body incrementally with eventsource-parser (the parser the AI SDK's providers use):
 * each chunk is decoded as it arrives and fed to the parser, which emits events as their blank
 * line arrives. At the end the parser consumes what is left (`reset({ consume: true })`), and an
 * event without its blank line is discarded, as WHATWG's EventSource and the AI SDK do.
 */
export async function readSseEvents(body: ReadableStream<Uint8Array> | null): Promise<SseEvent[]> {
  const { feed, finish, events } = sseCollector();
  if (body === null) return events;
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    feed(decoder.decode(value, { stream: true }));
  }
  feed(decoder.decode());
  finish();
  return events;
}

/** The events of a whole SSE text, through the same parser (for replies already in memory). */
export function parseSseEvents(text: string): SseEvent[] {
  const { feed, finish, events } = sseCollector();
  feed(text);
  finish();
  return events;
}

function sseCollector(): { feed(chunk: string): void; finish(): void; events: SseEvent[] } {
  const events: SseEvent[] = [];
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      events.push({ event: message.event ?? null, data: message.data });
    },
  });
  return { feed: (chunk) => parser.feed(chunk), finish: () => parser.reset({ consume: true }), events };
}
