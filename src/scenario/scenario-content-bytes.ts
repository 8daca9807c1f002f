import { decodeBase64 } from "../text/base64.js";
import type { ScenarioContent } from "./scenario.js";

const encoder = new TextEncoder();

/** The text of a content value that is text (a string or a repetition); null for base64 bytes. */
export function scenarioContentText(content: ScenarioContent): string | null {
  if (typeof content === "string") return content;
  if ("base64" in content) return null;
  const parts: string[] = [content.prefix ?? ""];
  const numbered = content.repeat.includes("{n}");
  for (let n = 1; n <= content.count; n++) parts.push(numbered ? content.repeat.replaceAll("{n}", String(n)) : content.repeat);
  parts.push(content.suffix ?? "");
  return parts.join("");
}

/** The bytes of a file or page content value. */
export function scenarioContentBytes(content: ScenarioContent): Uint8Array {
  const text = scenarioContentText(content);
  if (text !== null) return encoder.encode(text);
  return decodeBase64((content as { base64: string }).base64);
}
