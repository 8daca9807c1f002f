import { parentPort, workerData } from "node:worker_threads";
import { loadCases } from "../conformance/load-corpus.js";
import { createReferenceSubject } from "../conformance/reference-subject.js";
import { checkCase } from "../conformance/run-check.js";
import { nodeGoldenPort } from "../golden/node-golden-port.js";
import { caseFactsOf, type LaneReply, type LaneRun, type LaneStart, toLaneError } from "./check-lane-messages.js";
import { withSuggestions } from "./schema-suggestions.js";

/**
 * One worker lane of `correx check` (src/cli/check-in-workers.ts): loads its share of the case
 * files, replies with the facts a filter reads, then runs the cases the main thread picks against
 * the in-process reference, sending each outcome as it is known.
 */
const start = workerData as LaneStart;
const port = parentPort!;
const send = (reply: LaneReply) => port.postMessage(reply);

let cases: Awaited<ReturnType<typeof loadCases>> = [];
try {
  cases = [];
  for (let index = 0; index < start.relatives.length; index++) {
    try {
      cases.push(...(await loadCases(nodeGoldenPort, start.location, withSuggestions, [start.relatives[index]!])));
    } catch (error) {
      send({ type: "error", phase: "load", at: index, error: toLaneError(error) });
      throw error;
    }
  }
  send({ type: "loaded", facts: cases.map(caseFactsOf) });
  port.once("message", async (message: LaneRun) => {
    const subject = createReferenceSubject();
    const options = {
      ...start.options,
      port: nodeGoldenPort,
      location: start.location,
      subject,
      baseline: start.options.baseline ? new Set(start.options.baseline) : undefined,
    };
    for (let at = 0; at < message.cases.length; at++) {
      try {
        send({ type: "outcome", at, outcome: await checkCase(cases[message.cases[at]!]!, options) });
      } catch (error) {
        send({ type: "error", phase: "run", at, error: toLaneError(error) });
        break;
      }
    }
    await subject.close();
    send({ type: "done" });
    port.close();
  });
} catch {
  port.close(); // the error was sent
}
