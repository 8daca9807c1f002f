/** The four wire protocols a lowerer targets (design: wire body). */
export type Protocol = "openai-chat" | "anthropic-messages" | "google-gemini" | "openai-responses";

/** What every lowerer returns: the wire body and its warnings, as data (style point 3). */
export interface LoweringResult<Body> {
  body: Body;
  warnings: string[];
}

/**
 * Drops undefined-valued keys exactly as `JSON.stringify` does on the wire, so the body equals what
 * is sent: the value `JSON.parse(JSON.stringify(value))` gives, built as a copy of the plain data
 * that shares its strings (a body's megabytes of base64 media are not serialized and parsed back).
 * An object with a `toJSON` method goes through JSON itself.
 */
export function wireValue<T>(value: T): T {
  return wireCopy(value) as T;
}

function wireCopy(value: unknown): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      // NaN and the infinities are null on the wire, -0 is 0
      return Number.isFinite(value) ? value + 0 : null;
    case "object":
      break;
    case "bigint":
      return JSON.stringify(value); // throws as JSON does
    default:
      return undefined; // undefined, a function, a symbol: no value on the wire
  }
  if (value === null) return null;
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return JSON.parse(JSON.stringify(value));
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index++) out[index] = wireCopy(value[index]) ?? null;
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = wireCopy((value as Record<string, unknown>)[key]);
    if (item === undefined) continue;
    // an own "__proto__" key, as JSON.parse makes it (an assignment would set the prototype)
    if (key === "__proto__") Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}
