/** One server-sent event: its `event:` name (if any) and its `data:` lines joined by `\n`. */
export interface SseEvent {
  event: string | null;
  data: string;
}

/**
 * Splits an SSE stream into events (blank-line separated, `\n` or `\r\n` line ends; comment lines
 * and unknown fields ignored), as the WHATWG EventSource parser does.
 */
export function parseSseEvents(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  let event: string | null = null;
  let data: string[] = [];
  const flush = () => {
    if (data.length > 0) events.push({ event, data: data.join("\n") });
    event = null;
    data = [];
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === "") {
      flush();
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  flush();
  return events;
}
