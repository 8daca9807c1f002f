import { parentPort, workerData } from "node:worker_threads";
import { createReferenceSubject } from "../conformance/reference-subject.js";
import { nodeGoldenPort } from "../golden/node-golden-port.js";
import { createCheckLane } from "./check-lane.js";
import { type LaneBegin, type LaneReply, type LaneRun, type LaneStart, toLaneError } from "./check-lane-messages.js";
import { withSuggestions } from "./schema-suggestions.js";

/**
 * One worker lane of `correx check` (src/cli/check-in-workers.ts): loads the chunks of case files
 * it claims, replying with the facts a filter reads (and running the cases it may ahead of time),
 * then finishes the cases the main thread picks against the in-process reference, sending each
 * outcome as it is known.
 */
const port = parentPort!;
const send = (reply: LaneReply) => port.postMessage(reply);

/** The lane, once it knows its plan: at once from workerData, or from the first message when the bin started it early (src/cli/correx.cts). */
function begin(start: LaneStart): void {
  const subject = createReferenceSubject();
  const lane = createCheckLane(
    start.plan,
    {
      ...start.options,
      port: nodeGoldenPort,
      location: start.location,
      subject,
      baseline: start.options.baseline ? new Set(start.options.baseline) : undefined,
    },
    withSuggestions,
  );
  const loading = lane.load(
    (first, facts) => send({ type: "loaded", start: first, facts }),
    (index, error) => send({ type: "error", phase: "load", at: index, error: toLaneError(error) }),
  );
  port.once("message", async (message: LaneRun) => {
    await loading;
    for (let at = 0; at < message.cases.length; at++) {
      try {
        send({ type: "outcome", at, outcome: await lane.finish(message.cases[at]!) });
      } catch (error) {
        send({ type: "error", phase: "run", at, error: toLaneError(error) });
        break;
      }
    }
    await subject.close();
    send({ type: "done" });
    port.close();
  });
  loading.then(() => send({ type: "loadDone" }));
}

// No top-level await: the build also bundles this worker as CommonJS (scripts/bundle-cli.mjs).
if (workerData) begin(workerData as LaneStart);
else port.once("message", (message: LaneBegin) => begin(message.start));
