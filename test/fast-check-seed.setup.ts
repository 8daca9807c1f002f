// Vitest setup file (vitest.config.ts setupFiles): with FC_SEED set (.ci/run sets it), every
// property test draws from that seed, so a CI run is the same run each time and a red one is
// reproduced by the same command; without it, each run draws a fresh seed and keeps exploring
// (a failure prints its seed: FC_SEED=<seed> npx vitest run <file> replays it).
import fc from "fast-check";

const seed = process.env.FC_SEED;
if (seed !== undefined && seed !== "") {
  if (!/^-?\d+$/.test(seed)) throw new Error(`FC_SEED must be an integer, found ${JSON.stringify(seed)}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) });
}
