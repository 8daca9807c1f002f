// Vitest setup file (vitest.config.ts setupFiles): runs inside every test file, so its afterAll
// is that file's own and, registered before the file's hooks, runs after them. It removes the
// temp folders the file made through test/temp-dirs.ts, and only those.
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp-dirs.js";

// Up to 2 minutes: a real-agent suite's run directories (agent homes, databases, large outputs) take
// longer than vitest's 10 s hook default to remove on a loaded machine (seen at load 30: gate-mcp, pack).
afterAll(() => {
  removeTempDirs();
}, 120_000);
