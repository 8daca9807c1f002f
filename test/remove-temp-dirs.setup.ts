// Vitest setup file (vitest.config.ts setupFiles): runs inside every test file, so its afterAll
// is that file's own and, registered before the file's hooks, runs after them. It removes the
// temp folders the file made through test/temp-dirs.ts, and only those.
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp-dirs.js";

afterAll(() => {
  removeTempDirs();
});
