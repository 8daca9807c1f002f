/**
 * correx's Vitest matchers (`correx/vitest`). Importing this module registers them with
 * Vitest's `expect` (put `import "correx/vitest"` in a test or a setup file); the functions are
 * exported too, for `expect.extend` by hand.
 *
 * - `expect(result).toConformTo({profile, tool, input, observation, options?})`
 * - `expect(body).toBeValidWire(protocol)`
 * - `expect(value).toMatchGolden(file)`
 *
 * All three are synchronous.
 */
import { expect } from "vitest";
import { nodeGoldenPort } from "../golden/node-golden-port.js";
import { type ConformToCall, conformTo } from "./vitest-conform-to.js";
import { goldenUpdateBehavior, matchGolden } from "./vitest-match-golden.js";
import type { MatcherOutcome } from "./vitest-matcher-outcome.js";
import { validWire } from "./vitest-valid-wire.js";

export type { ConformToCall } from "./vitest-conform-to.js";
export { goldenUpdateBehavior } from "./vitest-match-golden.js";

/** The protocols `toBeValidWire` knows (schemas/wire/). */
export type WireProtocol = "openai-chat" | "anthropic-messages" | "google-gemini" | "openai-responses";

interface MatcherThis {
  testPath?: string;
  currentTestName?: string;
}

/** Whether Vitest runs with `-u` (its snapshot state's private `_updateSnapshot` is "all"). */
function vitestUpdatesAll(state: object): boolean {
  const snapshotState = (state as { snapshotState?: unknown }).snapshotState as Record<string, unknown> | undefined;
  return snapshotState?._updateSnapshot === "all";
}

/** The matchers, as `expect.extend` takes them. */
export const correxMatchers = {
  toConformTo(received: unknown, call: ConformToCall): MatcherOutcome {
    return conformTo(received, call);
  },
  toBeValidWire(received: unknown, protocol: WireProtocol): MatcherOutcome {
    return validWire(received, protocol);
  },
  toMatchGolden(this: MatcherThis, received: unknown, file: string): MatcherOutcome {
    return matchGolden(received, file, {
      port: nodeGoldenPort,
      testPath: this.testPath,
      testName: this.currentTestName,
      update: goldenUpdateBehavior(process.env, vitestUpdatesAll(this)),
    });
  },
};

expect.extend(correxMatchers);

interface CorrexMatchers<R = unknown> {
  /** The tool result equals the reference's `format` of the same call, byte for byte. */
  toConformTo(call: ConformToCall): R;
  /** The body (object or JSON text) validates against `schemas/wire/<protocol>.json`. */
  toBeValidWire(protocol: WireProtocol): R;
  /** The value equals the golden file's `expected`; a pending `<file>.new` is written locally on a mismatch, nothing under CI. */
  toMatchGolden(file: string): R;
}

declare module "vitest" {
  // biome-ignore lint/suspicious/noExplicitAny: Vitest declares Assertion<T = any>; the augmentation must repeat its signature
  interface Matchers<T = any> extends CorrexMatchers<T> {}
}
